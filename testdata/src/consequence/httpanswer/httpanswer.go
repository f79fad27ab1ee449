// Package httpanswer grades lost Conflicts of an API server's handlers: a
// failure sent back to the HTTP client (net/http, gin, go-restful, or a
// project's helper that takes the ResponseWriter) reaches the requester,
// who learns of it, but nothing writes again: reported to the client. A
// handler that retries is silent; a path that only logs is lost.
package httpanswer

import (
	"log"
	"net/http"

	"consequence/httpanswer/respond"

	"github.com/emicklei/go-restful/v3"
	"github.com/gin-gonic/gin"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
)

type API struct{ cs kubernetes.Interface }

// Label answers the failure with http.Error.
func (a *API) Label(w http.ResponseWriter, r *http.Request) {
	cm, err := a.cs.CoreV1().ConfigMaps("default").Get(r.Context(), "settings", metav1.GetOptions{})
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	cm.Labels = map[string]string{"touched": "true"}
	if _, err := a.cs.CoreV1().ConfigMaps(cm.Namespace).Update(r.Context(), cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update is answered to the HTTP request and never retried: re-read cm inside retry.RetryOnConflict; reported to the client`
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Annotate answers through a project's helper in another package.
func (a *API) Annotate(w http.ResponseWriter, r *http.Request) {
	cm, err := a.cs.CoreV1().ConfigMaps("default").Get(r.Context(), "settings", metav1.GetOptions{})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	cm.Annotations = map[string]string{"touched": "true"}
	if _, err := a.cs.CoreV1().ConfigMaps(cm.Namespace).Update(r.Context(), cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update is answered to the HTTP request and never retried: re-read cm inside retry.RetryOnConflict; reported to the client`
		respond.Error(w, r, err)
	}
}

// Pause answers with gin.
func (a *API) Pause(c *gin.Context) {
	cm, err := a.cs.CoreV1().ConfigMaps("default").Get(c, c.Param("name"), metav1.GetOptions{})
	if err != nil {
		c.JSON(http.StatusNotFound, gin.H{"error": err.Error()})
		return
	}
	cm.Data = map[string]string{"paused": "true"}
	if _, err := a.cs.CoreV1().ConfigMaps(cm.Namespace).Update(c, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update is answered to the HTTP request and never retried: re-read cm inside retry.RetryOnConflict; reported to the client`
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, gin.H{})
}

// Resume answers with go-restful.
func (a *API) Resume(req *restful.Request, resp *restful.Response) {
	cm, err := a.cs.CoreV1().ConfigMaps("default").Get(req.Request.Context(), req.PathParameter("name"), metav1.GetOptions{})
	if err != nil {
		_ = resp.WriteError(http.StatusNotFound, err)
		return
	}
	cm.Data = map[string]string{"paused": "false"}
	if _, err := a.cs.CoreV1().ConfigMaps(cm.Namespace).Update(req.Request.Context(), cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update is answered to the HTTP request and never retried: re-read cm inside retry.RetryOnConflict; reported to the client`
		_ = resp.WriteError(http.StatusInternalServerError, err)
		return
	}
	_ = resp.WriteEntity(cm)
}

// Quiet only logs on one path: the requester gets a success it did not
// have, and nothing retries.
func (a *API) Quiet(w http.ResponseWriter, r *http.Request) {
	cm, err := a.cs.CoreV1().ConfigMaps("default").Get(r.Context(), "settings", metav1.GetOptions{})
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	cm.Labels = map[string]string{"quiet": "true"}
	if _, err := a.cs.CoreV1().ConfigMaps(cm.Namespace).Update(r.Context(), cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by Quiet: requeue the object, or re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("label: %v", err)
	}
	w.WriteHeader(http.StatusNoContent)
}

// Retried re-reads and writes again on a Conflict before it answers: the
// answer is the last attempt's, so nothing to report.
func (a *API) Retried(w http.ResponseWriter, r *http.Request) {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm, err := a.cs.CoreV1().ConfigMaps("default").Get(r.Context(), "settings", metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Labels = map[string]string{"retried": "true"}
		_, err = a.cs.CoreV1().ConfigMaps(cm.Namespace).Update(r.Context(), cm, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
