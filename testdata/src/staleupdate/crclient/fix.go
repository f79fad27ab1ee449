package crclient

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func (r *Reconciler) retryLoop(ctx context.Context, key client.ObjectKey, owner string) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return ctrl.Result{}, err
	}
	var err error
	for i := 0; i < 3; i++ {
		cm.Data["owner"] = owner
		if err = r.Update(ctx, &cm); err == nil { // want `r.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry`
			break
		}
		time.Sleep(time.Second)
	}
	return ctrl.Result{}, err
}

// No fix: dep comes from the caller, whose changes a re-read on the failure
// path would wipe from the next attempt.
func (r *Reconciler) statusRetry(ctx context.Context, dep *appsv1.Deployment, ready int32) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		dep.Status.ReadyReplicas = ready
		if err = r.Status().Update(ctx, dep); err != nil { // want `Status\(\).Update is retried without re-reading dep, so it conflicts again: re-read dep before each retry`
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return nil
	}
	return err
}

func (r *Reconciler) noErrorResult(ctx context.Context, dep *appsv1.Deployment) {
	for attempt := 0; attempt < 5; attempt++ {
		dep.Status.ReadyReplicas = 3
		if err := r.Status().Update(ctx, dep); err == nil { // want `Status\(\).Update is retried without re-reading dep, so it conflicts again: re-read dep before each retry`
			return
		}
	}
}
