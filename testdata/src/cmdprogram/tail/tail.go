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
