// Package resultstruct carries a reconcile's requeue in a result struct of
// its own: a step drops its status write's failure and asks for a requeue
// in the struct it returns, and Reconcile returns that Result when it is
// not zero. The requeue redoes the write: no finding. A step that asks for
// none, beside it, loses the write.
package resultstruct

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type subResult struct {
	result ctrl.Result
	err    error
}

type Reconciler struct {
	client.Client
}

// markReady drops the status write's failure and asks for a requeue.
func (r *Reconciler) markReady(ctx context.Context, cm *corev1.ConfigMap) subResult {
	cm.Labels = map[string]string{"ready": "true"}
	_ = r.Status().Update(ctx, cm) // ok: the requeue in the returned struct redoes it
	return subResult{result: ctrl.Result{Requeue: true}}
}

// markSeen asks for a requeue through a field set on its way out.
func (r *Reconciler) markSeen(ctx context.Context, cm *corev1.ConfigMap) subResult {
	var sub subResult
	cm.Labels = map[string]string{"seen": "true"}
	if err := r.Status().Update(ctx, cm); err != nil { // ok: the returned struct carries a requeue
		sub.result = ctrl.Result{Requeue: true}
	}
	return sub
}

// markQuiet drops it and asks for nothing.
func (r *Reconciler) markQuiet(ctx context.Context, cm *corev1.ConfigMap) subResult {
	cm.Labels = map[string]string{"quiet": "true"}
	_ = r.Status().Update(ctx, cm) // want `conflict from Status\(\).Update is dropped: re-read cm after a conflict in retry.RetryOnConflict; lost for good$`
	return subResult{}
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	for _, step := range []func(context.Context, *corev1.ConfigMap) subResult{r.markReady, r.markSeen, r.markQuiet} {
		if sub := step(ctx, &cm); !sub.result.IsZero() || sub.err != nil {
			return sub.result, sub.err
		}
	}
	return reconcile.Result{}, nil
}
