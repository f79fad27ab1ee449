// Package deferredrequeue writes the status in a deferred literal that
// answers a Conflict by setting the named Result to requeue (self node
// remediation's reconcile: `returnResult.RequeueAfter = time.Second`),
// and hands any other failure on through the named error. Beside it, a
// deferred status write whose Conflict sets nothing.
package deferredrequeue

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (returnResult ctrl.Result, returnErr error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if updateErr := r.Status().Update(ctx, cm); updateErr != nil { // ok: a Conflict asks for a requeue
			if apierrors.IsConflict(updateErr) {
				if returnErr == nil {
					returnResult.RequeueAfter = time.Second
				}
			} else {
				returnErr = updateErr
			}
		}
	}()
	cm.Data = map[string]string{"phase": "done"}
	return ctrl.Result{}, nil
}

type Other struct {
	client.Client
}

func (r *Other) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Secret{}).Complete(r)
}

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (returnResult ctrl.Result, returnErr error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if updateErr := r.Status().Update(ctx, s); updateErr != nil { // want `conflict from Status\(\).Update cannot be returned by a function literal: requeue the object, or re-read s inside retry.RetryOnConflict; lost until the next event`
			log.Printf("status: %v", updateErr)
		}
	}()
	s.Type = "done"
	return ctrl.Result{}, nil
}
