// Package cluster runs the steps of package steps and turns their
// outcome.Result values into its answer: a Conflict inside a step reaches
// it only in the value, and is lost only where a value is dropped.
package cluster

import (
	"context"
	"log"

	"valueflow/steps"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ steps.Steps }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if res := r.CheckScale(ctx); res.Done() { // ok: the value is returned
		return res.Output()
	}
	r.CheckLabels(ctx)       // want `conflict from r.CheckLabels is dropped: return it, or re-read the object inside retry.RetryOnConflict`
	res := r.CheckScale(ctx) // want `conflict from r.CheckScale is dropped: return it, or re-read the object inside retry.RetryOnConflict`
	if res.Done() {          // tested and logged about, never returned
		log.Print("scaling")
	}
	if err := r.Register(ctx); err != nil { // ok: Register returns no Conflict
		log.Print(err)
	}
	return ctrl.Result{}, nil
}

// Requeue answers a Conflict with a requeue held in a variable.
func (r *Reconciler) Requeue(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{}
	if err := r.Status().Update(ctx, r.CM); err != nil { // ok: the Result it returns asks for a requeue
		res.RequeueAfter = 1
	}
	return res, nil
}

// NoRequeue sets a requeue on a Result it does not return.
func (r *Reconciler) NoRequeue(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{}
	if err := r.Status().Update(ctx, r.CM); err != nil { // want `conflict from Status\(\).Update is swallowed: return it, or re-read r.CM inside retry.RetryOnConflict`
		res.RequeueAfter = 1
	}
	_ = res
	return ctrl.Result{}, nil
}
