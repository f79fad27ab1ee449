package shapes

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// PodReconciler records in a pod's status that it was seen running.
type PodReconciler struct {
	client.Client
}

// Reconcile marks the pod running.
func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := ctrl.LoggerFrom(ctx)
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	log.Info("reconciling", "phase", pod.Status.Phase)
	pod.Status.Phase = corev1.PodRunning
	if err := r.Status().Update(ctx, &pod); err != nil {
		log.Error(err, "unable to update the pod's status")
	}
	return ctrl.Result{}, nil
}
