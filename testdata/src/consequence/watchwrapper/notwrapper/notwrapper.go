// Package notwrapper calls a method of the wrapper's interface with the
// same arguments that watches nothing (it records the object): no watch.
package notwrapper

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"consequence/watchwrapper/ctrlwrap"
)

// Add registers the reconciler and records the kind it writes.
func Add(mgr manager.Manager, c cache.Cache) error {
	ctl, err := ctrlwrap.NewController("configmaps", mgr, c, controller.Options{Reconciler: &ReconcileConfigMap{}})
	if err != nil {
		return err
	}
	return ctl.Record(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{})
}

// ReconcileConfigMap labels each ConfigMap.
type ReconcileConfigMap struct{ client.Client }

func (r *ReconcileConfigMap) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
