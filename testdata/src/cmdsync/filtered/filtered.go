// Command filtered runs, on a manager that sets no SyncPeriod, a
// controller whose watch drops an update that leaves the generation as it
// was: the resync's updates are such, so the default resync redoes
// nothing and the lost write stays lost for good (as rook's object-store
// controllers behind their spec predicate).
package main

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

type filtered struct{ client.Client }

func (r *filtered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	err = ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Secret{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(&filtered{Client: mgr.GetClient()})
	if err != nil {
		panic(err)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		panic(err)
	}
}
