// Package watchapifiltered watches the kind it writes through
// controller.New and Watch, but behind a predicate, which may drop the
// change that caused the Conflict: no evidence that the write is redone.
package watchapifiltered

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
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

func add(mgr manager.Manager, c cache.Cache) error {
	ctl, err := controller.New("configmaps", mgr, controller.Options{Reconciler: &Reconciler{}})
	if err != nil {
		return err
	}
	return ctl.Watch(source.Kind(c, &corev1.ConfigMap{}, handler.EnqueueRequestForOwner(nil, nil, &corev1.Secret{}), predicate.GenerationChangedPredicate{}))
}

// Reconciler writes the ConfigMaps it watches, through a predicate.
type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

var _ = add
