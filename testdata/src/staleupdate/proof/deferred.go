package proof

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// setPhase records a phase in the object's status; its caller decides
// what becomes of the failure.
func (r *Reconciler) setPhase(ctx context.Context, phase string, dep *appsv1.Deployment) error {
	dep.Status.Conditions = nil
	dep.Annotations["phase"] = phase
	return r.Status().Update(ctx, dep)
}

// syncDeferred reduces humio-operator's reconcilers: a deferred function
// records the object's state when Reconcile returns, also after the
// finalizer's Update failed and its error is returned, so it resends the
// version the server refused.
func (r *Reconciler) syncDeferred(ctx context.Context, dep *appsv1.Deployment) error {
	defer func(ctx context.Context, d *appsv1.Deployment) {
		_ = r.setPhase(ctx, "Exists", d) // want `dep is written again by a deferred function after r\.Update failed, without a re-read, so it conflicts again: re-read dep first in the deferred function$`
	}(ctx, dep)
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	if err := r.Update(ctx, dep); err != nil {
		return err
	}
	return nil
}

// syncDeferredCaptured: the deferred function captures the object.
func (r *Reconciler) syncDeferredCaptured(ctx context.Context, dep *appsv1.Deployment) error {
	defer func() {
		if err := r.setPhase(ctx, "Exists", dep); err != nil { // want `dep is written again by a deferred function after r.Update failed`
			log.Printf("recording phase: %v", err)
		}
	}()
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	return r.Update(ctx, dep)
}

// syncDeferredRereads: the deferred function reads the object again
// before it writes.
func (r *Reconciler) syncDeferredRereads(ctx context.Context, dep *appsv1.Deployment) error {
	defer func() {
		var fresh appsv1.Deployment
		if err := r.Get(ctx, client.ObjectKeyFromObject(dep), &fresh); err != nil {
			return
		}
		_ = r.setPhase(ctx, "Exists", &fresh)
	}()
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	return r.Update(ctx, dep)
}

// syncDeferredLate: the defer is registered after the write, on the
// success path only.
func (r *Reconciler) syncDeferredLate(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	if err := r.Update(ctx, dep); err != nil {
		return err
	}
	defer func() {
		_ = r.setPhase(ctx, "Exists", dep)
	}()
	return nil
}

// syncDeferredRereadsSame: the deferred function reads the same object
// again into it before it writes.
func (r *Reconciler) syncDeferredRereadsSame(ctx context.Context, dep *appsv1.Deployment) error {
	defer func() {
		if err := r.Get(ctx, client.ObjectKeyFromObject(dep), dep); err != nil {
			return
		}
		_ = r.setPhase(ctx, "Exists", dep)
	}()
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	return r.Update(ctx, dep)
}

// syncDeferredGuarded: the deferred function writes only when the
// function returns no error; the walk does not decide that test, so it
// stays quiet.
func (r *Reconciler) syncDeferredGuarded(ctx context.Context, dep *appsv1.Deployment) (reterr error) {
	defer func() {
		if reterr == nil {
			_ = r.setPhase(ctx, "Exists", dep)
		}
	}()
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	return r.Update(ctx, dep)
}

// syncDeferredStates records one of three states in its deferred
// function, as humio-operator's reconcilers do: one finding, at the
// first; one re-read at the top of the literal fixes all three.
func (r *Reconciler) syncDeferredStates(ctx context.Context, dep *appsv1.Deployment) error {
	defer func() {
		state, err := r.probe(ctx)
		if err != nil {
			_ = r.setPhase(ctx, "Unknown", dep) // want `dep is written again by a deferred function after r.Update failed`
			return
		}
		if state == "" {
			_ = r.setPhase(ctx, "NotFound", dep)
			return
		}
		_ = r.setPhase(ctx, "Exists", dep)
	}()
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	return r.Update(ctx, dep)
}

func (r *Reconciler) probe(ctx context.Context) (string, error) { return "ok", nil }

// syncDeferredTwice fails in two places before the same deferred
// function: still one finding.
func (r *Reconciler) syncDeferredTwice(ctx context.Context, dep *appsv1.Deployment) error {
	defer func() {
		state, err := r.probe(ctx)
		if err != nil || state == "" {
			_ = r.setPhase(ctx, "Unknown", dep) // want `dep is written again by a deferred function after r.Update failed`
			return
		}
		_ = r.setPhase(ctx, "Exists", dep)
	}()
	if dep.DeletionTimestamp != nil {
		dep.Finalizers = nil
		return r.Update(ctx, dep)
	}
	dep.Finalizers = append(dep.Finalizers, "example.com/finalizer")
	return r.Update(ctx, dep)
}
