// Package funcvars holds writes made in function literals bound to
// variables and called through them: a call through a variable that the
// package gives only that literal is a call of the literal.
package funcvars

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// updateStatusFn is a test seam: a package variable holding the write.
var updateStatusFn = func(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Status().Update(ctx, cm) // ok: returned to the callers of the variable
}

// SetPhase returns the failure it gets through the variable.
func SetPhase(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Data["phase"] = "done"
	return updateStatusFn(ctx, c, cm)
}

// Tick only logs what the write through the variable returned.
func Tick(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if err := SetPhase(ctx, c, cm); err != nil { // want `conflict from SetPhase cannot be returned by Tick: requeue the object, or re-read cm inside retry.RetryOnConflict`
		log.Printf("set phase: %v", err)
	}
}

// Reconcile hands it on.
func Reconcile(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return SetPhase(ctx, c, cm) // ok: returned
}

// Relabel drops the failure of a local closure it calls.
func Relabel(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	update := func() error {
		cm.Labels["relabelled"] = "true"
		return c.Update(ctx, cm)
	}
	if err := update(); err != nil { // want `conflict from update cannot be returned by Relabel: requeue the object, or re-read the object inside retry.RetryOnConflict`
		log.Printf("relabel: %v", err)
	}
}

// RelabelReturned returns the closure's failure.
func RelabelReturned(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	update := func() error {
		return c.Update(ctx, cm)
	}
	return update() // ok: returned
}

// swappable is given a second function elsewhere in the package: a call
// through it may run either, so it is not followed.
var swappable = func(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm) // ok: returned to whoever calls the variable
}

func useOther() {
	swappable = func(context.Context, client.Client, *corev1.ConfigMap) error { return nil }
}

// Sweep only logs, but what it calls is not known.
func Sweep(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if err := swappable(ctx, c, cm); err != nil { // ok: the variable holds two functions
		log.Printf("sweep: %v", err)
	}
}
