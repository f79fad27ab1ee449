package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"cmdprogram/steps"
	"cmdprogram/store"
)

// Watcher reconciles the ConfigMaps it watches through package store's
// helpers.
type Watcher struct {
	client.Client
	Store   *store.Store
	Steps   []steps.Step
	Starter steps.Starter
}

func (r *Watcher) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Watcher) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp != nil {
		r.Store.RemoveFinalizer(ctx, &cm)
		return ctrl.Result{}, nil
	}
	for _, s := range r.Steps {
		s.Apply(ctx, &cm)
	}
	if err := r.Starter.Start(ctx); err != nil {
		return ctrl.Result{}, err
	}
	switch cm.Labels["step"] {
	case "label":
		r.Store.Label(ctx, &cm)
	case "tidy":
		r.Store.Tidy(ctx, &cm)
	default:
		annotate := r.Store.Annotate
		annotate(ctx, &cm)
	}
	return ctrl.Result{}, nil
}
