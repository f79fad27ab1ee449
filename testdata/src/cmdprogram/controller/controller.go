// Package controller writes a ConfigMap it does not watch from a
// controller that the manager resyncs; the manager and its resync period
// are set up in package manager, its importer (as main does). Under go vet
// the package alone is in view and the lost write is lost for good; the
// standalone command loads the whole program and grades it by the
// program's resync (TestWholeProgramGrades).
package controller

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

type Resynced struct{ client.Client }

func (r *Resynced) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Secret{}).Complete(r)
}

func (r *Resynced) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["secret"] = req.Name
	if err := r.Update(ctx, &cm); err != nil {
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
