package proof

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reconciler is a controller-runtime reconciler.
type Reconciler struct {
	client.Client
}

// statusReturned: the stale status write is certain to fail; its own
// Conflict is returned to a caller out of view (no grade: a requeue
// would read the object again, a command would exit with it).
func (r *Reconciler) statusReturned(ctx context.Context, dep *appsv1.Deployment) error {
	if err := r.Update(ctx, dep); err != nil {
		log.Printf("updating deployment: %v", err)
	}
	dep.Status.ReadyReplicas = 3
	return r.Status().Update(ctx, dep) // want `dep is written again after r\.Update failed, without a re-read, so it conflicts again: re-read dep first, or use retry\.RetryOnConflict; no fix: dep comes from the caller, and a re-read would drop the caller's changes$`
}

// statusLogged: the stale status write's Conflict is only logged.
func (r *Reconciler) statusLogged(ctx context.Context, dep *appsv1.Deployment) {
	if err := r.Update(ctx, dep); err != nil {
		log.Printf("updating deployment: %v", err)
	}
	dep.Status.ReadyReplicas = 3
	if err := r.Status().Update(ctx, dep); err != nil { // want `dep is written again after r.Update failed, without a re-read, so it conflicts again: re-read dep first, or use retry.RetryOnConflict`
		log.Printf("updating status: %v", err)
	}
}

// writeStatus falls back to a full update of the same object and returns
// that write's error to its caller.
func (r *Reconciler) writeStatus(ctx context.Context, dep *appsv1.Deployment) error {
	if err := r.Status().Update(ctx, dep); err != nil {
		if err := r.Update(ctx, dep); err != nil { // want `dep is written again after Status\(\).Update failed, without a re-read, so it conflicts again: re-read dep first, or use retry.RetryOnConflict`
			return err
		}
	}
	return nil
}

// finish loses what writeStatus returns: the fallback's Conflict is lost
// there, so the stale fallback is reported.
func (r *Reconciler) finish(ctx context.Context, dep *appsv1.Deployment) {
	if err := r.writeStatus(ctx, dep); err != nil {
		log.Printf("writing status: %v", err)
	}
}

// writeStatusReturned is writeStatus with a caller that hands the error
// on.
func (r *Reconciler) writeStatusReturned(ctx context.Context, dep *appsv1.Deployment) error {
	if err := r.Status().Update(ctx, dep); err != nil {
		if err := r.Update(ctx, dep); err != nil { // want `dep is written again after Status\(\)\.Update failed, without a re-read, so it conflicts again: re-read dep first, or use retry\.RetryOnConflict; no fix: dep comes from the caller, and a re-read would drop the caller's changes$`
			return err
		}
	}
	return nil
}

// Reconcile hands writeStatusReturned's error to controller-runtime.
func (r *Reconciler) Reconcile(ctx context.Context, dep *appsv1.Deployment) error {
	return r.writeStatusReturned(ctx, dep)
}
