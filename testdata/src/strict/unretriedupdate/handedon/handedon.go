// Package handedon grades strict mode's findings of failures that are not
// lost, by the rule every check uses: returned by a Reconcile, the change
// is redone when requeued; returned by any other function, it carries no
// grade, since its caller may requeue it or exit with it.
package handedon

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

// Reconcile returns the write's failure to controller-runtime.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels = map[string]string{"seen": "yes"}
	return ctrl.Result{}, r.Update(ctx, &cm) // want `conflict from r.Update is not retried: .*; redone when requeued$`
}

// save hands the failure to its callers.
func save(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm) // want `conflict from c.Update is not retried: re-read cm inside retry.RetryOnConflict; no fix: [^;]*made right before the write$`
}

// note only logs it.
func note(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if err := c.Update(ctx, cm); err != nil { // want `conflict from c.Update is not retried: .*; lost for good$`
		log.Printf("note: %v", err)
	}
}
