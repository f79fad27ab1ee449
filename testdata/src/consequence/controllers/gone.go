package controllers

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GoneResult requeues after a minute on every quiet return but the one
// taken when the reconciled object is gone (the shape of Percona's
// operators): nothing is left to redo there, so a lost write waits a
// minute at most.
type GoneResult struct{ client.Client }

func (r *GoneResult) Reconcile(ctx context.Context, request ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: time.Minute}
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, request.NamespacedName, cm)
	if err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return rr, err
	}
	r.touch(ctx, cm)
	return rr, nil
}

func (r *GoneResult) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("update: %v", err)
	}
}

// GoneDependency stops quietly when another object is missing, after the
// write: that return asks for nothing, so the write is lost.
type GoneDependency struct{ client.Client }

func (r *GoneDependency) Reconcile(ctx context.Context, request ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: time.Minute}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, request.NamespacedName, cm); err != nil {
		return rr, err
	}
	r.touch(ctx, cm)
	var secret corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: "system", Name: "config"}, &secret); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return rr, err
	}
	return rr, nil
}

func (r *GoneDependency) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost for good`
		log.Printf("update: %v", err)
	}
}
