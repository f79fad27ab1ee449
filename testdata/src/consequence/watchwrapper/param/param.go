// Package param adds its watch in a function given the controller (the
// tigera operator's add(mgr, c)): the package has one reconciler, whose
// the controller is.
package param

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"consequence/watchwrapper/ctrlwrap"
)

func add(_ manager.Manager, c ctrlwrap.Controller) error {
	return c.WatchObject(&corev1.Secret{}, &handler.EnqueueRequestForObject{})
}

// ReconcileSecret annotates each Secret.
type ReconcileSecret struct{ client.Client }

func (r *ReconcileSecret) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s.Annotations["seen"] = "true"
	if err := r.Update(ctx, &s); err != nil { // want `conflict from r.Update of s is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

var _ = add
