// Package passedcases reduces seaweedfs-operator's bucket deletion: a
// tagless switch on the delete's error whose first case is `err == nil`,
// and whose default only logs a failed status write, then returns the
// delete's error. The default is entered only when every case tested
// false, so that error is not nil and the reconcile loop requeues: the
// status write is redone. Its twins: a case above that does not rule nil
// out, and a fallthrough into the default, where it may be nil.
package passedcases

import (
	"context"
	"errors"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var errNotFound = errors.New("bucket not found")

type Reconciler struct {
	client.Client
	Delete func(ctx context.Context, name string) error
}

// Reconcile is the reduced shape: the default's return is a requeue.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Delete(ctx, cm.Name)
	switch {
	case err == nil, errors.Is(err, errNotFound):
		// deleted: go on to the finalizer
	default:
		cm.Labels["phase"] = "DeleteFailed"
		if updateErr := r.Update(ctx, &cm); updateErr != nil {
			log.Printf("status update during deletion: %v", updateErr)
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// CaseAbove enters its last case when the test above it was false, which
// says nothing of err: err may be nil there, and the Conflict is lost.
func (r *Reconciler) CaseAbove(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Delete(ctx, cm.Name)
	switch {
	case errors.Is(err, errNotFound):
		return ctrl.Result{}, nil
	case cm.Labels["keep"] == "":
		cm.Labels["phase"] = "Deleting"
		if updateErr := r.Update(ctx, &cm); updateErr != nil { // want `conflict from r.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict; lost for good`
			log.Printf("status update during deletion: %v", updateErr)
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// FallsThrough enters the default from the case above it, where err is
// nil: the default's return may be nil, and the Conflict is lost.
func (r *Reconciler) FallsThrough(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Delete(ctx, cm.Name)
	switch {
	case err == nil:
		cm.Labels["deleted"] = "true"
		fallthrough
	default:
		if updateErr := r.Update(ctx, &cm); updateErr != nil { // want `conflict from r.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict; lost for good`
			log.Printf("status update during deletion: %v", updateErr)
		}
		return ctrl.Result{}, err
	}
}

// FallsIntoCase enters the case `err != nil` from the case above it too,
// without testing it: err may be nil there, and the Conflict is lost.
func (r *Reconciler) FallsIntoCase(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Delete(ctx, cm.Name)
	switch {
	case cm.Labels["force"] != "":
		fallthrough
	case err != nil:
		if updateErr := r.Update(ctx, &cm); updateErr != nil { // want `conflict from r.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict; lost for good`
			log.Printf("status update during deletion: %v", updateErr)
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
