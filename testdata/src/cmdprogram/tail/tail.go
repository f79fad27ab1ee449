// Package tail's status helper, a plain function, is deferred by a
// Reconcile after the point from which every return asks for a requeue,
// as is a method that writes; another helper is called before that point.
// Only the program's call graph ties each helper to where it is called
// (TestWholeProgramRequeueTail); the package view grades the lexical tail
// alone, so both helpers are lost for good under go vet.
package tail

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// UpdateStatus writes the status and only logs a failure.
func UpdateStatus(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if err := c.Status().Update(ctx, cm); err != nil {
		log.Printf("status: %v", err)
	}
}

// Label writes a label and only logs a failure.
func Label(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	cm.Labels["seen"] = "yes"
	if err := c.Update(ctx, cm); err != nil {
		log.Printf("label: %v", err)
	}
}

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	Label(ctx, r.Client, &cm)
	if !cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	defer UpdateStatus(ctx, r.Client, &cm)
	r.annotate(ctx, &cm)
	if cm.Data["wait"] != "" {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{RequeueAfter: 2 * time.Minute}, nil
}

func (r *Reconciler) annotate(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Annotations["seen"] = "yes"
	if err := r.Update(ctx, cm); err != nil {
		log.Printf("annotate: %v", err)
	}
}

// Steps calls its condition helper after each failed step, each call
// followed by the return of the error, and once before the return that
// requeues in a minute; the deletion path leaves without a requeue, after
// its phase helper, which the end calls too.
type Steps struct{ client.Client }

func (r *Steps) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		if err := cleanup(&cm); err != nil {
			r.setCondition(ctx, &cm, "CleanupFailed")
			return ctrl.Result{}, err
		}
		r.setPhase(ctx, &cm, "Deleted")
		return ctrl.Result{}, nil
	}
	if err := apply(&cm); err != nil {
		r.setCondition(ctx, &cm, "ApplyFailed")
		return ctrl.Result{}, err
	}
	r.setCondition(ctx, &cm, "Ready")
	r.setPhase(ctx, &cm, "Ready")
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *Steps) setCondition(ctx context.Context, cm *corev1.ConfigMap, reason string) {
	cm.Data["reason"] = reason
	if err := r.Status().Update(ctx, cm); err != nil {
		log.Printf("condition: %v", err)
	}
}

func (r *Steps) setPhase(ctx context.Context, cm *corev1.ConfigMap, phase string) {
	cm.Data["phase"] = phase
	if err := r.Status().Update(ctx, cm); err != nil {
		log.Printf("phase: %v", err)
	}
}

func cleanup(cm *corev1.ConfigMap) error { return nil }

func apply(cm *corev1.ConfigMap) error { return nil }

// Waits asks for a requeue without a period after its helper's calls.
type Waits struct{ client.Client }

func (r *Waits) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := apply(&cm); err != nil {
		r.mark(ctx, &cm, "ApplyFailed")
		return ctrl.Result{}, err
	}
	r.mark(ctx, &cm, "Waiting")
	return ctrl.Result{Requeue: true}, nil
}

func (r *Waits) mark(ctx context.Context, cm *corev1.ConfigMap, reason string) {
	cm.Data["reason"] = reason
	if err := r.Status().Update(ctx, cm); err != nil {
		log.Printf("mark: %v", err)
	}
}
