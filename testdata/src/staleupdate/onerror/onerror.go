// Package onerror hands every failed write to one helper that records the
// failure in the status (its own failure only logged) and returns the
// error it was given (node-maintenance-operator's onReconcileError). The
// status write resends the version the server refused, a certain
// Conflict; but the first write's failure goes back to Reconcile, whose
// requeue reads the object afresh and redoes the status with the rest:
// graded requeued. Beside it, the same helper called where the first
// failure is then dropped: lost.
package onerror

import (
	"context"
	"fmt"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	retryAfter *time.Duration
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Finalizers = append(cm.Finalizers, "example.com/cleanup")
	if err := r.Update(ctx, cm); err != nil {
		return r.onReconcileError(ctx, cm, err) // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict; redone when requeued$`
	}
	return ctrl.Result{}, nil
}

// onReconcileError records err in the status and returns it.
func (r *Reconciler) onReconcileError(ctx context.Context, cm *corev1.ConfigMap, err error) (ctrl.Result, error) {
	cm.Data = map[string]string{"lastError": err.Error()}
	if updateErr := r.Status().Update(ctx, cm); updateErr != nil {
		log.Printf("status: %v", updateErr)
	}
	if name := cm.Labels["node"]; name != "" && err.Error() == fmt.Sprintf(nodeNotFound, name) {
		return ctrl.Result{}, nil // a missing node will not be found later
	}
	if r.retryAfter != nil {
		return ctrl.Result{RequeueAfter: *r.retryAfter}, nil
	}
	return ctrl.Result{}, err
}

const nodeNotFound = "nodes %q not found"

// Sweep drops the first failure after recording it: nothing runs again.
func (r *Reconciler) Sweep(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Labels = map[string]string{"swept": "true"}
	if err := r.Update(ctx, cm); err != nil {
		_, _ = r.onReconcileError(ctx, cm, err) // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict; lost until the next event$`
	}
}
