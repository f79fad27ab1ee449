package controller

import (
	"context"
	"strconv"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/widget-operator/internal/kubeutil"
	"example.com/widget-operator/internal/labels"
)

// recordObservedGeneration notes on the Deployment which generation the
// widget controller last acted on. The write retries on Conflict with a
// fresh read on every attempt.
func (r *WidgetReconciler) recordObservedGeneration(ctx context.Context, key client.ObjectKey) error {
	return kubeutil.UpdateWithRetry(func() error {
		var deploy appsv1.Deployment
		if err := r.Get(ctx, key, &deploy); err != nil {
			return err
		}
		return kubeutil.Annotate(ctx, r.Client, &deploy, labels.ObservedGeneration, strconv.FormatInt(deploy.Generation, 10))
	})
}

// touch marks the Deployment as seen by this controller version.
func (r *WidgetReconciler) touch(ctx context.Context, deploy *appsv1.Deployment) {
	_ = kubeutil.Annotate(ctx, r.Client, deploy, labels.ControllerVersion, "v2")
}
