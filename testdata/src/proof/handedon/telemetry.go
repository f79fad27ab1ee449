package handedon

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// TelemetryReconciler reduces humio-operator's telemetry step: a helper
// returns its write's failure together with a result that asks for a
// requeue, and the Reconcile only logs the error but returns the result.
type TelemetryReconciler struct {
	client client.Client
}

func (r *TelemetryReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	emptyResult := reconcile.Result{}
	var cm corev1.ConfigMap
	if err := r.client.Get(ctx, req.NamespacedName, &cm); err != nil {
		return emptyResult, client.IgnoreNotFound(err)
	}
	if result, err := r.ensureTelemetry(ctx, &cm); result != emptyResult || err != nil { // ok: the result that comes with the failure asks for a requeue, and is returned
		if err != nil {
			log.Printf("managing telemetry: %v", err)
		}
		if result != emptyResult {
			return result, nil
		}
	}
	if result, err := r.clearTelemetry(ctx, &cm); result != emptyResult || err != nil { // want `conflict from r.clearTelemetry is only logged`
		if err != nil {
			log.Printf("clearing telemetry: %v", err)
		}
		if result != emptyResult {
			return result, nil
		}
	}
	return emptyResult, nil
}

func (r *TelemetryReconciler) ensureTelemetry(ctx context.Context, cm *corev1.ConfigMap) (reconcile.Result, error) {
	if cm.Annotations["telemetry"] == "" {
		return r.cleanupTelemetry(ctx, cm)
	}
	return reconcile.Result{}, nil
}

// cleanupTelemetry asks for a requeue with its write's failure.
func (r *TelemetryReconciler) cleanupTelemetry(ctx context.Context, cm *corev1.ConfigMap) (reconcile.Result, error) {
	cm.Labels = nil
	return reconcile.Result{Requeue: true}, r.client.Update(ctx, cm)
}

// clearTelemetry asks for nothing with its write's failure.
func (r *TelemetryReconciler) clearTelemetry(ctx context.Context, cm *corev1.ConfigMap) (reconcile.Result, error) {
	cm.Labels = nil
	return reconcile.Result{}, r.client.Update(ctx, cm)
}
