package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WidgetReady is the Deployment condition the widget reconciler maintains.
const WidgetReady appsv1.DeploymentConditionType = "WidgetReady"

// setReady records the WidgetReady condition and writes the Deployment
// status.
func (r *WidgetReconciler) setReady(ctx context.Context, deploy *appsv1.Deployment, ready bool, reason, message string) error {
	setWidgetCondition(&deploy.Status, ready, reason, message)
	return r.Status().Update(ctx, deploy)
}

// setWidgetCondition sets the WidgetReady condition in status, keeping the
// transition time when the status does not change.
func setWidgetCondition(status *appsv1.DeploymentStatus, ready bool, reason, message string) {
	want := corev1.ConditionFalse
	if ready {
		want = corev1.ConditionTrue
	}
	now := metav1.Now()
	for i := range status.Conditions {
		c := &status.Conditions[i]
		if c.Type != WidgetReady {
			continue
		}
		if c.Status != want {
			c.LastTransitionTime = now
		}
		c.Status, c.Reason, c.Message, c.LastUpdateTime = want, reason, message, now
		return
	}
	status.Conditions = append(status.Conditions, appsv1.DeploymentCondition{
		Type:               WidgetReady,
		Status:             want,
		Reason:             reason,
		Message:            message,
		LastUpdateTime:     now,
		LastTransitionTime: now,
	})
}
