package controllers

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// LocalResult builds its Result once at the top and returns it from every
// path without an error: it runs again after five seconds.
type LocalResult struct{ client.Client }

func (r *LocalResult) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if client.IgnoreNotFound(err) == nil {
			return rr, nil
		}
		return ctrl.Result{}, err
	}
	r.touch(ctx, &cm)
	return rr, nil
}

// ZeroResult declares its Result without a value and sets the period on
// one path only: the other returns ask for nothing.
type ZeroResult struct{ client.Client }

func (r *ZeroResult) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var rr ctrl.Result
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["slow"] == "" {
		rr = ctrl.Result{RequeueAfter: time.Minute}
	}
	r.touch(ctx, &cm)
	return rr, nil
}

// ChangedResult clears the period in part on one path.
type ChangedResult struct{ client.Client }

func (r *ChangedResult) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: time.Minute}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["done"] != "" {
		rr.RequeueAfter = 0
	}
	r.touch(ctx, &cm)
	return rr, nil
}

// touch only logs its failure; what redoes it is up to the Reconcile that
// calls it.
func (r *LocalResult) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(5s\)`
		log.Printf("update: %v", err)
	}
}

func (r *ZeroResult) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost for good`
		log.Printf("update: %v", err)
	}
}

func (r *ChangedResult) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost for good`
		log.Printf("update: %v", err)
	}
}

// RefreshResult asks to run again after a period read from the object
// (a refresh interval) on every return without an error: a write its
// helper loses is redone within that period, which the code does not fix.
type RefreshResult struct{ client.Client }

func (r *RefreshResult) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	refresh, err := time.ParseDuration(cm.Data["refreshAfter"])
	if err != nil {
		return ctrl.Result{}, err
	}
	r.touch(ctx, &cm)
	return ctrl.Result{RequeueAfter: refresh}, nil
}

func (r *RefreshResult) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: .*; lost until resync$`
		log.Printf("update: %v", err)
	}
}

// SometimesRefresh asks for a period read at run time on one path only.
type SometimesRefresh struct{ client.Client }

func (r *SometimesRefresh) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.touch(ctx, &cm)
	if cm.Data["refresh"] == "" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: time.Duration(len(cm.Data)) * time.Second}, nil
}

func (r *SometimesRefresh) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: .*; lost for good$`
		log.Printf("update: %v", err)
	}
}

// PeriodVar holds its period in a variable set once from a constant (the
// Pulsar resources operator's `requeueInterval := time.Minute`): it runs
// again within that period.
type PeriodVar struct{ client.Client }

func (r *PeriodVar) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	requeueInterval := 2 * time.Minute
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.touch(ctx, &cm)
	return ctrl.Result{RequeueAfter: requeueInterval}, nil
}

func (r *PeriodVar) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(2m\)`
		log.Printf("update: %v", err)
	}
}

// PeriodVarUnset declares its period variable without a value and sets
// it on one path only: no period is known, only that it asks for a
// requeue (a zero period asks for none).
type PeriodVarUnset struct{ client.Client }

func (r *PeriodVarUnset) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var every time.Duration
	if req.Namespace == "slow" {
		every = time.Hour
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.touch(ctx, &cm)
	return ctrl.Result{RequeueAfter: every}, nil
}

func (r *PeriodVarUnset) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost until resync$`
		log.Printf("update: %v", err)
	}
}

// PeriodVarAddressed hands its period variable's address on: it may
// change there.
type PeriodVarAddressed struct{ client.Client }

func (r *PeriodVarAddressed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	often := time.Second
	stretch(&often)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.touch(ctx, &cm)
	return ctrl.Result{RequeueAfter: often}, nil
}

func (r *PeriodVarAddressed) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost until resync$`
		log.Printf("update: %v", err)
	}
}

func stretch(d *time.Duration) { *d *= 60 }
