package controllers

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// Stepwise builds its controller in steps, through a variable, as
// controllers whose extra watches depend on a feature gate do: the
// watches set before the condition are there whatever it says.
type Stepwise struct {
	client.Client
	WatchSecrets bool
}

func (r *Stepwise) SetupWithManager(mgr manager.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{})
	if r.WatchSecrets {
		b = b.Owns(&corev1.Secret{})
	}
	return b.Complete(r)
}

func (r *Stepwise) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: re-read cm inside retry.RetryOnConflict; lost until the next event`
		log.Printf("update: %v", err)
	}
	var secret corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &secret); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret.Labels["seen"] = "true"
	if err := r.Update(ctx, &secret); err != nil { // want `conflict from r.Update of secret is only logged: return it; lost until resync \(10m\)`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// StepwiseFiltered may filter every event of its controller: a filter
// added under a condition counts, though the condition may not hold.
type StepwiseFiltered struct {
	client.Client
	OnlySpec bool
}

func (r *StepwiseFiltered) SetupWithManager(mgr manager.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{})
	if r.OnlySpec {
		b = b.WithEventFilter(predicate.GenerationChangedPredicate{})
	}
	return b.Complete(r)
}

func (r *StepwiseFiltered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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

// InPlace builds its controller as thanos-operator's receive controller
// does: the builder goes by value to a helper, which calls For and Owns
// on it as a statement of their own, dropping the result, since each
// method changes the builder it is called on. A chain under a condition
// may not run, so its watch does not count.
type InPlace struct {
	client.Client
	WatchSecrets bool
}

func (r *InPlace) SetupWithManager(mgr manager.Manager) error {
	bld := ctrl.NewControllerManagedBy(mgr)
	return r.build(*bld)
}

func (r *InPlace) build(bld builder.Builder) error {
	bld.
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Service{})
	if r.WatchSecrets {
		bld.Owns(&corev1.Secret{})
	}
	return bld.Complete(r)
}

func (r *InPlace) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: re-read cm inside retry.RetryOnConflict; lost until the next event`
		log.Printf("update: %v", err)
	}
	var secret corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &secret); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret.Labels["seen"] = "true"
	if err := r.Update(ctx, &secret); err != nil { // want `conflict from r.Update of secret is only logged: return it; lost until resync \(10m\)`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
