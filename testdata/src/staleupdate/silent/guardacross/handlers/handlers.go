// Package handlers records a failed step the way conflictguarded's
// helpers do, for callers in another package: the guard on the error
// parameter travels in the helpers' facts.
package handlers

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Request is one reconcile's object and client.
type Request struct {
	Context  context.Context
	Client   client.Client
	Instance *corev1.ConfigMap
}

// MarkDeploying marks the object as being reconciled.
func MarkDeploying(req *Request) error {
	req.Instance.Annotations = map[string]string{"phase": "Deploying"}
	return req.Client.Status().Update(req.Context, req.Instance)
}

// HandleError requeues a Conflict and records any other failure; the
// record's own failure leaves errParam to return.
func HandleError(req *Request, errParam error) (ctrl.Result, error) {
	if errParam == nil {
		return ctrl.Result{}, nil
	}
	if apierrors.IsConflict(errParam) {
		return ctrl.Result{Requeue: true}, nil
	}
	req.Instance.Annotations = map[string]string{"phase": "Degraded"}
	if err := req.Client.Status().Update(req.Context, req.Instance); err != nil {
		log.Printf("recording the failure: %v", err)
	}
	return ctrl.Result{}, errParam
}

// LogError drops a Conflict and records any other failure, losing the
// record's own.
func LogError(req *Request, errParam error) {
	if apierrors.IsConflict(errParam) {
		return
	}
	req.Instance.Annotations = map[string]string{"phase": "Degraded"}
	if err := req.Client.Status().Update(req.Context, req.Instance); err != nil {
		log.Printf("recording the failure: %v", err)
	}
}
