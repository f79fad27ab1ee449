package shapes

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/client-go/util/retry"
)

// Pause pauses the caller's deployment, retrying conflicts.
func (w *OwnerWriter) Pause(ctx context.Context, deploy *appsv1.Deployment) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		deploy.Spec.Paused = true
		return w.Update(ctx, deploy)
	})
}
