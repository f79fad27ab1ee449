// Package watchapi registers its watches with controller-runtime's
// lower-level API, controller.New and the Controller's Watch, given the
// reconciler as a reconcile.Reconciler (Kruise Rollouts' deployment
// controller): the watch of the written kind is the one reconciler's.
package watchapi

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
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// add watches the ConfigMaps the reconciler writes, enqueueing their
// owning Secret.
func add(mgr manager.Manager, c cache.Cache, r reconcile.Reconciler) error {
	ctl, err := controller.New("secrets", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return ctl.Watch(source.Kind(c, &corev1.ConfigMap{}, handler.EnqueueRequestForOwner(nil, nil, &corev1.Secret{})))
}

// ReconcileSecret writes the ConfigMap of each Secret.
type ReconcileSecret struct{ client.Client }

func (r *ReconcileSecret) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["secret"] = req.Name
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

var _ = add
