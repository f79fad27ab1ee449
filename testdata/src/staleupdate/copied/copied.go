// Package copied writes a copy of the object with controller-runtime's
// client: the server's new resourceVersion lands in the copy, which is
// thrown away, so a later write of the object itself resends the old one
// (argo-events' reconcilers: the finalizer's Update of a DeepCopy, then
// the status write).
package copied

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Finalizers = append(cm.Finalizers, "example.com/cleanup")
	if err := r.Update(ctx, cm.DeepCopy()); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data["phase"] = "ready"
	if err := r.Status().Update(ctx, cm); err != nil { // want `cm is written again after r.Update succeeded, without a re-read, so it conflicts: write cm itself, which Update refreshes, or re-read cm first; redone when requeued`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Itself writes the object itself: Update refreshes its resourceVersion
// in place, and the status write sends the new one.
func (r *Reconciler) Itself(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Finalizers = append(cm.Finalizers, "example.com/cleanup")
	if err := r.Update(ctx, cm); err != nil {
		return err
	}
	cm.Data["phase"] = "ready"
	return r.Status().Update(ctx, cm)
}

// wrapped holds an object and hands it over by an accessor, as kueue's
// job wrappers do: the accessor's result is the object itself, which
// Update refreshes in place.
type wrapped struct{ cm *corev1.ConfigMap }

func (w wrapped) Object() *corev1.ConfigMap { return w.cm }

// Accessor writes through the wrapper twice: the second write sends the
// version the first one stored.
func (r *Reconciler) Accessor(ctx context.Context, job wrapped) error {
	job.cm.Finalizers = append(job.cm.Finalizers, "example.com/cleanup")
	if err := r.Update(ctx, job.Object()); err != nil {
		return err
	}
	job.cm.Data["phase"] = "ready"
	return r.Status().Update(ctx, job.Object())
}
