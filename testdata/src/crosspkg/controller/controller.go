// Package controller uses kubeutil's helpers from another package.
package controller

import (
	"context"

	"crosspkg/kubeutil"
	foov1 "example.com/foo-operator/pkg/apis/foo/v1"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	store *kubeutil.Store
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	foo, err := r.store.Latest(ctx, req.NamespacedName) // a read through a helper
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = kubeutil.RetryUpdate(func() error {
		if err := r.store.Refresh(ctx, foo); err != nil {
			return err
		}
		foo.Spec.Message = "hello"
		_ = r.Update(ctx, foo) // ok: the closure runs in a retry scope of another package
		return nil
	})
	_ = kubeutil.RetryWithContext(ctx, func(ctx context.Context) error {
		r.Status().Update(ctx, foo) // ok: a retry scope through a wrapper of a wrapper
		return nil
	})
	_ = kubeutil.SetPhase(ctx, r.Client, foo, "Ready")                    // want `conflict from kubeutil.SetPhase is dropped: return it, or re-read foo inside retry.RetryOnConflict`
	if err := kubeutil.SetPhase(ctx, r.Client, foo, "Done"); err != nil { // ok: returned
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) failPhase(ctx context.Context, foo *foov1.Foo) (ctrl.Result, error) {
	_ = kubeutil.SetPhase(ctx, r.Client, foo, "Failed") // ok: the error built by another package's constructor is never nil (a fact)
	return ctrl.Result{}, kubeutil.NewPhaseError("Failed")
}
