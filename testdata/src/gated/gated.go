// Package gated is checked with -consequence=lost: a Conflict that the
// controller's own watch redoes is not reported, one nothing redoes is.
package gated

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

type Watching struct{ client.Client }

func (r *Watching) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Watching) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // ok: until-event, not in the gate
		log.Printf("update: %v", err)
	}
	var sec corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &sec); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sec.Labels = map[string]string{"seen": "true"}
	if err := r.Update(ctx, &sec); err != nil { // want `conflict from r.Update of sec is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
