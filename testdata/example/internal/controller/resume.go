package controller

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"

	"example.com/widget-operator/internal/labels"
)

// resumeAfterMaintenance resumes a Deployment's rollout once maintenance is
// over and stamps the widget's configuration hash on it.
func (r *WidgetReconciler) resumeAfterMaintenance(ctx context.Context, key types.NamespacedName, hash string) error {
	var deploy appsv1.Deployment
	if err := r.Get(ctx, key, &deploy); err != nil {
		return err
	}
	deploy.Spec.Paused = false
	deploy.Annotations[labels.ConfigHash] = hash
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Update(ctx, &deploy); err != nil {
			return fmt.Errorf("resuming deployment %s: %v", key, err)
		}
		return nil
	})
}
