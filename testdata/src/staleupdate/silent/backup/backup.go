// Package backup calls the status setters of package status two or three
// times in a row on one object: after the first setter's write fails with
// a Conflict (only logged there), every later write of the object resends
// the refused version.
package backup

import (
	"context"

	"staleupdate/silent/status"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Runner struct {
	Client client.Client
	Status *status.Context
}

func (r *Runner) Run(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Client.Get(ctx, key, &cm); err != nil {
		return err
	}
	r.Status.SetRunning(ctx, &cm)
	cm.Data = map[string]string{"backup": "taken"}
	r.Status.SetDone(ctx, &cm)       // want `cm is written again after r.Status.SetRunning, which hides its write's failure: have it return the error, or re-read cm first; lost for good$`
	return r.Client.Update(ctx, &cm) // want `cm is written again after r\.Status\.SetDone, which hides its write's failure: have it return the error, or re-read cm first$`
}

// RunFresh re-reads between the setters: nothing is stale.
func (r *Runner) RunFresh(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Client.Get(ctx, key, &cm); err != nil {
		return err
	}
	r.Status.SetRunning(ctx, &cm)
	if err := r.Client.Get(ctx, key, &cm); err != nil {
		return err
	}
	r.Status.SetDone(ctx, &cm) // ok: read again first
	return nil
}

// RunCopies uses a setter that writes a copy, and one that returns its
// failure, which is tested.
func (r *Runner) RunCopies(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Client.Get(ctx, key, &cm); err != nil {
		return err
	}
	r.Status.SetCopy(ctx, &cm)
	if err := r.Status.SetChecked(ctx, &cm); err != nil { // ok: SetCopy wrote a copy
		return err
	}
	return r.Client.Update(ctx, &cm) // ok: SetChecked succeeded here
}

// Reconcile returns what the second setter returns, which is not its
// write's failure: the stale write's certain Conflict is lost inside the
// setter, so no requeue redoes it.
func (r *Runner) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Client.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	r.Status.SetRunning(ctx, &cm)
	var secret corev1.Secret
	return ctrl.Result{}, r.Status.SetVerified(ctx, &cm, &secret) // want `cm is written again after r.Status.SetRunning, which hides its write's failure: have it return the error, or re-read cm first; lost for good$`
}

// RunScoped calls the two-object setter for either object, then writes
// that object: both are stale after a Conflict in the setter.
func (r *Runner) RunScoped(ctx context.Context, cluster, namespaced *corev1.ConfigMap) error {
	if cluster != nil {
		r.Status.SetScoped(ctx, cluster, nil, "Running")
		return r.Client.Update(ctx, cluster) // want `cluster is written again after r\.Status\.SetScoped, which hides its write's failure: have it return the error, or re-read cluster first$`
	}
	r.Status.SetScoped(ctx, nil, namespaced, "Running")
	return r.Client.Update(ctx, namespaced) // want `namespaced is written again after r\.Status\.SetScoped, which hides its write's failure: have it return the error, or re-read namespaced first$`
}

// RunDeferred sets the final status in a deferred call, which runs after
// the update below, not before it (oracle's sharding controller): the
// update sends the version just read.
func (r *Runner) RunDeferred(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Client.Get(ctx, key, &cm); err != nil {
		return err
	}
	defer r.Status.SetDone(ctx, &cm)
	cm.Data = map[string]string{"backup": "taken"}
	return r.Client.Update(ctx, &cm) // ok: the deferred setter has not run yet
}
