// Package letgo answers a Conflict by letting it go (harbor-operator's
// status writer, metacontroller: `if apierrors.IsConflict(err) { return
// nil }`): nothing writes again until the other writer's event runs the
// reconcile, a heal graded like any other. Beside it, a Conflict branch
// that requeues through a helper of its own, one that returns another
// error, and one that asks for a requeue: each acts on the Conflict.
package letgo

import (
	"context"
	"errors"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	enqueueAfter func(obj client.Object, d time.Duration)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data = map[string]string{"phase": "ready"}
	if err := r.Status().Update(ctx, &cm); err != nil { // want `conflict from Status\(\).Update is swallowed: re-read cm inside retry.RetryOnConflict; lost until the next event`
		if apierrors.IsConflict(err) {
			log.Printf("conflict on %s, left to the next event", cm.Name)
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil { // ok: the helper requeues the object
		if apierrors.IsConflict(err) {
			r.enqueueAfter(&cm, time.Second)
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil { // ok: another error, requeued
		if apierrors.IsConflict(err) {
			return ctrl.Result{}, errors.New("conflict, try again")
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); apierrors.IsConflict(err) { // ok: a requeue
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	if err, recompute := r.validate(ctx, &cm); err != nil || recompute {
		return ctrl.Result{Requeue: true}, err
	}
	return ctrl.Result{}, nil
}

// validate asks its caller to recompute on a Conflict (karpenter's node
// overlays: `return nil, true`): the constant true is an answer.
func (r *Reconciler) validate(ctx context.Context, cm *corev1.ConfigMap) (error, bool) {
	if err := r.Status().Update(ctx, cm); err != nil { // ok: true asks the caller to recompute
		if apierrors.IsConflict(err) {
			return nil, true
		}
		return err, false
	}
	return nil, false
}

// claim updates cm only if nobody else has (velero's exclusive updates):
// false on a Conflict tells the caller another writer won.
func (r *Reconciler) claim(ctx context.Context, cm *corev1.ConfigMap) (bool, error) {
	cm.Annotations["owner"] = "me"
	err := r.Update(ctx, cm) // ok: false tells the caller it lost the race
	if err == nil {
		return true, nil
	}
	if apierrors.IsConflict(err) {
		return false, nil
	}
	return false, err
}

func (r *Reconciler) process(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	won, err := r.claim(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !won {
		log.Printf("%s is processed elsewhere", cm.Name)
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
