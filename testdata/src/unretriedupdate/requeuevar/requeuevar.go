// Package requeuevar returns a requeue held in a variable that only ever
// holds one (oracle-database-operator's `requeueY`), package-level or
// local, on a failed write: the write is redone.
package requeuevar

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

var requeueLater = ctrl.Result{Requeue: true, RequeueAfter: 15 * time.Second}

type Reconciler struct{ client.Client }

// finalize answers a failed write with requeueLater.
func (r *Reconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) ctrl.Result {
	controllerutil.RemoveFinalizer(cm, "example.com/cleanup")
	if err := r.Update(ctx, cm); err != nil { // ok: a requeue is returned
		log.Printf("remove finalizer: %v", err)
		return requeueLater
	}
	return ctrl.Result{}
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	requeueY := ctrl.Result{Requeue: true, RequeueAfter: time.Minute}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // ok: requeued
		log.Printf("update: %v", err)
		return requeueY, nil
	}
	if res := r.finalize(ctx, &cm); res.Requeue {
		return res, nil
	}
	return ctrl.Result{}, nil
}

// maybe holds a requeue on one path only: no proof of one.
func (r *Reconciler) maybe(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	result := ctrl.Result{Requeue: true}
	if cm.Data == nil {
		result = ctrl.Result{}
	}
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is only logged: return it`
		log.Printf("update: %v", err)
		return result, nil
	}
	return ctrl.Result{}, nil
}
