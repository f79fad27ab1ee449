// Package deferredvar defers a status update held in a variable (liqo's
// ForeignCluster reconciler: `updateStatus := func() {...}; defer
// updateStatus()`): the literal sets Reconcile's named error result, as a
// deferred literal does, so a Conflict is returned and requeued. Beside
// it, the same literal that only logs.
package deferredvar

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	updateNeeded := true
	updateStatus := func() {
		if updateNeeded {
			if newErr := r.Status().Update(ctx, &cm); newErr != nil { // ok: the deferred literal sets the named result err
				log.Print(newErr)
				err = newErr
			}
		}
	}
	defer updateStatus()
	cm.Data = map[string]string{"seen": "true"}
	return ctrl.Result{}, nil
}

type Logger struct{ client.Client }

func (r *Logger) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	updateStatus := func() {
		if err := r.Status().Update(ctx, &cm); err != nil { // want `conflict from Status\(\).Update cannot be returned by a function literal`
			log.Print(err)
		}
	}
	defer updateStatus()
	cm.Data = map[string]string{"seen": "true"}
	return ctrl.Result{}, nil
}
