// Package wrappedresult reduces minio-operator's tenant sync: the sync
// handler returns a result type of the project's own through WrapResult,
// a function that only hands its arguments back, and its worker puts the
// key back with AddAfter when the result asks. A failed update that is
// logged and answered with a delayed requeue is redone after a fresh
// read: no finding. The same answer through a function that builds its
// own result, or with no requeue at all, loses the write.
package wrappedresult

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// Result is the project's own, shaped like controller-runtime's.
type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

// WrapResult only returns its arguments, so that returns are easy to find.
func WrapResult(result Result, err error) (Result, error) {
	return result, err
}

// settle drops the result it is given.
func settle(result Result, err error) (Result, error) {
	return Result{}, err
}

type Controller struct {
	kube kubernetes.Interface
}

func (c *Controller) read(ctx context.Context, ns, name string) (*corev1.ConfigMap, error) {
	return c.kube.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
}

// syncRequeued answers the failure with a requeue in five seconds.
func (c *Controller) syncRequeued(ctx context.Context, ns, name string) (Result, error) {
	cm, err := c.read(ctx, ns, name)
	if err != nil {
		return WrapResult(Result{}, err)
	}
	cm.Data = map[string]string{"pool": "expanded"}
	if _, err := c.kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // ok: the requeue comes back through WrapResult
		log.Printf("will try again in 5s: %v", err)
		return WrapResult(Result{RequeueAfter: 5 * time.Second}, nil)
	}
	return WrapResult(Result{}, nil)
}

// syncSettled hands the requeue to a function that drops it.
func (c *Controller) syncSettled(ctx context.Context, ns, name string) (Result, error) {
	cm, err := c.read(ctx, ns, name)
	if err != nil {
		return WrapResult(Result{}, err)
	}
	cm.Data = map[string]string{"pool": "expanded"}
	if _, err := c.kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(ns\).Update is only logged: re-read cm inside retry.RetryOnConflict; lost for good$`
		log.Printf("will try again: %v", err)
		return settle(Result{RequeueAfter: 5 * time.Second}, nil)
	}
	return WrapResult(Result{}, nil)
}

// syncQuiet asks for nothing after the logged failure.
func (c *Controller) syncQuiet(ctx context.Context, ns, name string) (Result, error) {
	cm, err := c.read(ctx, ns, name)
	if err != nil {
		return WrapResult(Result{}, err)
	}
	cm.Data = map[string]string{"pool": "expanded"}
	if _, err := c.kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(ns\).Update is only logged: re-read cm inside retry.RetryOnConflict; lost for good$`
		log.Printf("update failed: %v", err)
		return WrapResult(Result{}, nil)
	}
	return WrapResult(Result{}, nil)
}
