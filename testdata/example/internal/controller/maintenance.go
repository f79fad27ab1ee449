package controller

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"

	"example.com/widget-operator/internal/labels"
)

// pauseForMaintenance pauses the Deployment's rollout. Deployments are busy
// objects, so the write is retried when it conflicts.
func (r *WidgetReconciler) pauseForMaintenance(ctx context.Context, deploy *appsv1.Deployment) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		deploy.Spec.Paused = true
		return r.Update(ctx, deploy)
	})
}

// releaseConfigMap hands a widget ConfigMap over to its users when the
// Deployment goes away: the owner reference is dropped so that the garbage
// collector leaves the ConfigMap alone.
func (r *WidgetReconciler) releaseConfigMap(ctx context.Context, cm *corev1.ConfigMap) error {
	refs := cm.OwnerReferences[:0]
	for _, ref := range cm.OwnerReferences {
		if ref.Kind != "Deployment" {
			refs = append(refs, ref)
		}
	}
	cm.OwnerReferences = refs
	if err := r.Update(ctx, cm); err != nil {
		// Could not drop the owner reference. Mark the ConfigMap as
		// orphaned instead, so that users can still find and keep it.
		metav1.SetMetaDataLabel(&cm.ObjectMeta, labels.Orphaned, "true")
		if err := r.Update(ctx, cm); err != nil {
			return fmt.Errorf("releasing configmap %s/%s: %w", cm.Namespace, cm.Name, err)
		}
	}
	return nil
}
