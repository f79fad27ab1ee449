// Package foreignsentinel records a failed write's message in the status
// and returns another package's sentinel error (tekton operator's `return
// v1alpha1.REQUEUE_EVENT_AFTER`): the error stands for the failure, and
// the reconcile requeues it. Beside it, a variable of that package that
// may be nil. A sentinel of another repository (cluster-api-provider-
// kubevirt's `return corev1.ErrIntOverflowGenerated`) has no fact when its
// module is not analyzed; Go's naming of sentinel errors (ErrXxx) says it
// is never nil.
package foreignsentinel

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"unretriedupdate/foreignsentinel/consts"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) ensure(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"ensured": "true"}
	if err := r.Update(ctx, cm); err != nil { // ok: the sentinel is returned in its place, and Reconcile requeues it
		cm.Annotations["failure"] = err.Error()
		return consts.ErrRequeueLater
	}
	return nil
}

func (r *Reconciler) ensureWrapped(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: a wrapped sentinel is never nil either
		cm.Annotations["failure"] = err.Error()
		return consts.ErrWrapped
	}
	return nil
}

func (r *Reconciler) ensureKnative(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: knative's requeue error is never nil
		cm.Annotations["failure"] = err.Error()
		return consts.ErrRequeueEventAfter
	}
	return nil
}

func (r *Reconciler) ensureForeign(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: another repository's sentinel, never nil by its name
		return corev1.ErrIntOverflowGenerated
	}
	return nil
}

func (r *Reconciler) ensureMaybe(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is only logged`
		cm.Annotations["failure"] = err.Error()
		return consts.ErrMaybe
	}
	return nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.ensure(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureWrapped(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureKnative(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureForeign(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.ensureMaybe(ctx, &cm)
}
