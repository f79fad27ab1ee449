// Package watchwrapper watches the ConfigMaps its reconciler writes
// through a project's wrapper of Watch (ctrlwrap), on a controller made by
// the project's constructor around controller.New: the watch is the
// reconciler's, so a lost write heals on the next event.
package watchwrapper

import (
	"context"
	"fmt"
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

// Add registers the reconciler and its watch.
func Add(mgr manager.Manager, c cache.Cache) error {
	ctl, err := ctrlwrap.NewController("configmaps", mgr, c, controller.Options{Reconciler: &ReconcileConfigMap{}})
	if err != nil {
		reason := explain(err) // a call given an error, whose type has no package
		return reason
	}
	return ctl.WatchObject(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{})
}

func explain(err error) error { return fmt.Errorf("configmaps controller: %w", err) }

// ReconcileConfigMap labels each ConfigMap.
type ReconcileConfigMap struct{ client.Client }

func (r *ReconcileConfigMap) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
