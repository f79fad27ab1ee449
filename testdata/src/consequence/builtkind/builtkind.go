// Package builtkind grades a lost Conflict of an object a helper builds
// and hands to another package's write helper (the reduction of
// hazelcast-platform-operator's reconcileStatefulset): the kind the chain
// writes is the argument's, a Service the reconciler owns, so the
// owner watch the change brings redoes the write.
package builtkind

import (
	"context"

	"consequence/builtkind/kutil"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Owns(&corev1.Service{}).Complete(r)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	owner := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.reconcileService(ctx, owner); err != nil { // want `conflict from r.reconcileService is swallowed: return it, or re-read the object inside retry.RetryOnConflict; lost until the next event`
		if apierrors.IsConflict(err) {
			return ctrl.Result{}, nil // "handled on the next reconcile"
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// reconcileService builds the Service it writes: its kind is known only
// from the argument it hands kutil.
func (r *Reconciler) reconcileService(ctx context.Context, owner *corev1.ConfigMap) error {
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}}
	return kutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		return controllerutil.SetControllerReference(owner, svc, r.Scheme())
	})
}
