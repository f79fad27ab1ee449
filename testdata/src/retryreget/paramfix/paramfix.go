// Package paramfix checks the re-read after a Conflict that retryreget
// offers for an object the retrying function was handed.
package paramfix

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

// The closure makes its change and writes: after a Conflict it re-reads,
// and the next attempt makes the change again on the stored object.
func (r *Reconciler) pause(ctx context.Context, deploy *appsv1.Deployment) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		deploy.Spec.Paused = true
		return r.Update(ctx, deploy) // want `deploy is not re-read inside retry.RetryOnConflict, so every attempt conflicts: re-read deploy after each conflict`
	})
}

// A status write; a name read before the retry is no change.
func (r *Reconciler) observe(ctx context.Context, deploy *appsv1.Deployment) error {
	log.Printf("observing %s", deploy.Name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		deploy.Status.ObservedGeneration = deploy.Generation
		return r.Status().Update(ctx, deploy) // want `deploy is not re-read inside retry.RetryOnConflict, so every attempt conflicts: re-read deploy after each conflict`
	})
}

// A change made before the retry would be lost on the re-read.
func (r *Reconciler) changedBefore(ctx context.Context, deploy *appsv1.Deployment) error {
	deploy.Labels = map[string]string{"paused": "true"}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		deploy.Spec.Paused = true
		return r.Update(ctx, deploy) // want `deploy is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get deploy at the top of the closure; no fix: deploy comes from the caller, and a re-read after a Conflict is offered only when the function's changes to it are all plain ones made right before the write`
	})
}

// The closure declares err already: the rewrite assigns to it.
func (r *Reconciler) errDeclared(ctx context.Context, deploy *appsv1.Deployment) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := validate(deploy.Name)
		if err != nil {
			return err
		}
		deploy.Spec.Paused = true
		return r.Update(ctx, deploy) // want `deploy is not re-read inside retry.RetryOnConflict, so every attempt conflicts: re-read deploy after each conflict`
	})
}

func validate(string) error { return nil }
