// Package controllers grades lost Conflicts by what redoes the write: the
// controller's own watch of the written kind, a resync set up in package
// setup, a requeue asked on every path, or nothing.
package controllers

import (
	"context"
	"log"
	"time"

	"consequence/setup"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Watching watches the ConfigMaps it writes: the other writer's change
// that caused the Conflict is an event that runs it again.
type Watching struct{ client.Client }

func (r *Watching) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Watching) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// Resynced watches Secrets and writes a ConfigMap it does not watch; the
// manager's options, from package setup, reconcile it again every ten
// minutes.
type Resynced struct{ client.Client }

func (r *Resynced) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Secret{}).Complete(r)
}

func (r *Resynced) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["secret"] = req.Name
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until resync \(10m\)`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// NewManager builds the manager with setup's options.
func NewManager() (manager.Manager, error) {
	return ctrl.NewManager(nil, setup.ManagerOptions())
}

// Requeuing asks to run again after a minute on every return.
type Requeuing struct{ client.Client }

func (r *Requeuing) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	r.tick(ctx, &cm)
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// tick only logs its failure; the Reconcile that calls it runs again in a
// minute whatever happens.
func (r *Requeuing) tick(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by tick: re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("update: %v", err)
	}
}

// Unwatched has no watch, no resync and no requeue.
type Unwatched struct{ client.Client }

func (r *Unwatched) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
