// Package replaced reduces oracle-database-operator's LRPDB helpers: a
// helper records a failed lookup in the object, drops that write's failure
// and returns the lookup's error instead; a state helper hands that error
// on, and a monitor step drops it. The Conflict died at the dropped write,
// where it is reported; the monitor's call, where only the lookup's error
// can arrive, is not. Beside it, the twin whose error a Reconcile returns
// (requeued: no finding), and a helper call whose Conflict is dropped for
// another error the same way.
package replaced

import (
	"context"
	"errors"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

// lookupParent records a missing parent on cm, drops that write's failure
// and returns the Get's error.
func (r *Reconciler) lookupParent(ctx context.Context, cm *corev1.ConfigMap) (*corev1.Secret, error) {
	var s corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Labels["parent"]}, &s); err != nil {
		cm.Annotations["phase"] = "no parent"
		r.Update(ctx, cm) // want `conflict from r.Update of cm is dropped for another error, which cannot be returned by monitor: re-read cm inside retry.RetryOnConflict; lost for good`
		return nil, err
	}
	return &s, nil
}

// state hands lookupParent's error on.
func (r *Reconciler) state(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := r.lookupParent(ctx, cm); err != nil {
		return err
	}
	return nil
}

// monitor drops state's error.
func (r *Reconciler) monitor(ctx context.Context, cm *corev1.ConfigMap) {
	r.state(ctx, cm) // ok: state's error is the lookup's, never a Conflict; the loss is reported in lookupParent
	log.Printf("monitored %s", cm.Name)
}

// lookupOwner is lookupParent's twin, whose error reaches Reconcile's
// return: the next pass writes again.
func (r *Reconciler) lookupOwner(ctx context.Context, cm *corev1.ConfigMap) error {
	var s corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Labels["owner"]}, &s); err != nil {
		cm.Annotations["phase"] = "no owner"
		r.Update(ctx, cm) // ok: the Get's error is returned in its place, and Reconcile requeues it
		return err
	}
	return nil
}

// record writes cm and returns the write's error.
func (r *Reconciler) record(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Annotations["seen"] = "true"
	return r.Update(ctx, cm)
}

// check drops record's error for one of its own.
func (r *Reconciler) check(ctx context.Context, cm *corev1.ConfigMap) error {
	if cm.Data["key"] == "" {
		r.record(ctx, cm) // want `conflict from r.record of cm is dropped for another error, which is only logged: re-read cm inside retry.RetryOnConflict; lost for good`
		return errors.New("no key")
	}
	return nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.monitor(ctx, &cm)
	if err := r.check(ctx, &cm); err != nil { // ok: check's error is its own; the loss is reported at the record call
		log.Printf("check: %v", err)
	}
	return ctrl.Result{}, r.lookupOwner(ctx, &cm)
}
