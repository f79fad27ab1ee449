// Package requeuetail has Reconciles that leave early without a requeue
// (the object gone or being deleted) and ask for one on every return
// after that point: a lost write made after it, deferred or not, is
// redone by the requeue; one made before it is not.
package requeuetail

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Deferred defers its status write after the deletion path's return; each
// return after the defer gives an error or a requeue.
type Deferred struct{ client.Client }

func (r *Deferred) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil // finalised: nothing more to do
	}
	defer func() {
		if err := r.Status().Update(ctx, &cm); err != nil { // want `conflict from Status\(\).Update cannot be returned by a function literal: .*; lost until resync \(1m\)$`
			log.Printf("status: %v", err)
		}
	}()
	if cm.Data["ready"] == "" {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	if err := r.sync(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *Deferred) sync(ctx context.Context, cm *corev1.ConfigMap) error { return nil }

// Backoff's last returns ask for a requeue without a period of their own
// (Requeue: true) or with one read from the object.
type Backoff struct{ client.Client }

func (r *Backoff) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["paused"] != "" {
		return ctrl.Result{}, nil
	}
	defer func() {
		cm.Labels["seen"] = "yes"
		if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update cannot be returned by a function literal: .*; lost until resync$`
			log.Printf("update: %v", err)
		}
	}()
	if cm.Data["wait"] != "" {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{RequeueAfter: time.Duration(len(cm.Data)) * time.Second}, nil
}

// Early writes before the return that asks for nothing: that return can
// follow the write, so nothing redoes it.
type Early struct{ client.Client }

func (r *Early) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels["seen"] = "yes"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: .*; lost for good$`
		log.Printf("update: %v", err)
	}
	if cm.Data["paused"] != "" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// Spawned writes in a goroutine started after the point: the write may
// come after the requeued run, so the requeue does not redo it.
type Spawned struct{ client.Client }

func (r *Spawned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["paused"] != "" {
		return ctrl.Result{}, nil
	}
	go func() {
		if err := r.Update(context.Background(), &cm); err != nil { // want `conflict from r.Update cannot be returned by a goroutine: .*; lost for good$`
			log.Printf("update: %v", err)
		}
	}()
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
