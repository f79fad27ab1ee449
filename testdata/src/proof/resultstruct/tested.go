package resultstruct

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// ingress is a sub-reconciler whose Result may ask for a requeue.
type ingress interface {
	Reconcile(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error)
}

// persistBeforeRequeue writes the status on the branch where the
// sub-reconciler's result was tested to ask for a requeue, and returns
// that result: the requeue redoes the write (kserve's InferenceService
// reconciler). Past the test, a write only logged is lost.
func (r *Reconciler) persistBeforeRequeue(ctx context.Context, cm *corev1.ConfigMap, in ingress) (ctrl.Result, error) {
	result, err := in.Reconcile(ctx, cm)
	if err != nil {
		return result, err
	}
	if result.RequeueAfter > 0 {
		if err := r.Status().Update(ctx, cm); err != nil { // ok: the returned result asks for a requeue
			log.FromContext(ctx).Error(err, "status before requeue")
		}
		return result, nil
	}
	if result.Requeue {
		if err := r.Status().Update(ctx, cm); err != nil { // ok: so does this one
			log.FromContext(ctx).Error(err, "status before requeue")
		}
		return result, nil
	}
	if !result.IsZero() {
		if err := r.Status().Update(ctx, cm); err != nil { // ok: and this one
			log.FromContext(ctx).Error(err, "status before requeue")
		}
		return result, nil
	}
	if err := r.Status().Update(ctx, cm); err != nil { // want `conflict from Status\(\).Update of cm is only logged: return it; lost for good$`
		log.FromContext(ctx).Error(err, "status")
	}
	return ctrl.Result{}, nil
}
