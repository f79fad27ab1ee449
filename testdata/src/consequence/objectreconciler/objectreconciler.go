// Package objectreconciler registers an object reconciler through
// reconcile.AsReconciler (origin-ca-issuer's controllers): the builder's
// watch belongs to the wrapped reconciler, whose methods write.
package objectreconciler

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Signer writes the ConfigMaps it watches.
type Signer struct{ client.Client }

func (r *Signer) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(reconcile.AsReconciler(mgr.GetClient(), r))
}

func (r *Signer) Reconcile(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	cm.Data = map[string]string{"signed": "true"}
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
