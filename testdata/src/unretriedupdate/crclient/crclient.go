// Package crclient holds unretriedupdate scenarios for the controller-runtime
// client.
package crclient

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
	Log logr.Logger
}

func (r *Reconciler) dropped(ctx context.Context, cm, other *corev1.ConfigMap) error {
	r.Update(ctx, cm)                              // want `conflict from r.Update is dropped: return it, or re-read cm inside retry.RetryOnConflict`
	_ = r.Status().Update(ctx, cm)                 // want `conflict from Status\(\).Update is dropped: return it, or re-read cm inside retry.RetryOnConflict`
	err := r.SubResource("status").Update(ctx, cm) // want `is dropped`
	err = r.Update(ctx, other)                     // ok: this error is returned below
	return err
}

func (r *Reconciler) logged(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data = map[string]string{"a": "b"}
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: re-read cm inside retry.RetryOnConflict`
		r.Log.Error(err, "update failed")
	}
	if err := r.Status().Update(ctx, &cm); err != nil { // want `is only logged`
		log.Printf("status: %v", err)
		return ctrl.Result{}, nil
	}
	if err := r.Update(ctx, &cm); err != nil { // ok: another error, never nil, is returned: the reconcile loop requeues
		return ctrl.Result{}, errors.New("update failed")
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) optimisticPatch(ctx context.Context, cm *corev1.ConfigMap) {
	base := cm.DeepCopy()
	cm.Labels = map[string]string{"a": "b"}
	patch := client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{})
	_ = r.Patch(ctx, cm, patch)                                                                             // want `conflict from r.Patch cannot be returned by optimisticPatch: requeue the object, or re-read cm inside retry.RetryOnConflict`
	_ = r.Status().Patch(ctx, cm, client.MergeFromWithOptions(base, &client.MergeFromWithOptimisticLock{})) // want `conflict from Status\(\).Patch cannot be returned by optimisticPatch: requeue the object, or re-read cm inside retry.RetryOnConflict`
	_ = r.Patch(ctx, cm, client.MergeFrom(base))                                                            // ok: a plain merge patch sends no resourceVersion
	_ = r.Patch(ctx, cm, client.MergeFromWithOptions(base))                                                 // ok: no optimistic lock
	_ = r.Create(ctx, cm)                                                                                   // ok: Create cannot conflict on resourceVersion
}

func (r *Reconciler) deleteObject(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Delete(ctx, cm) // ok: Delete is not a write of the object
}

func (r *Reconciler) createOrUpdate(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { cm.Data = nil; return nil }); err != nil { // want `conflict from controllerutil.CreateOrUpdate of cm is only logged: retry it in retry.RetryOnConflict`
		r.Log.Info("create or update failed", "err", err)
	}
	if _, err := ctrl.CreateOrUpdate(ctx, r.Client, cm, func() error { return nil }); err != nil { // ok: returned
		return err
	}
	_, _ = controllerutil.CreateOrPatch(ctx, r.Client, cm, func() error { return nil }) // ok: CreateOrPatch sends a merge patch
	return nil
}

// Hard negatives: the error reaches a caller or a requeue.

func (r *Reconciler) returned(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // ok: returned directly
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, cm); err != nil { // ok: wrapped with %w
		return ctrl.Result{}, fmt.Errorf("updating %s: %w", cm.Name, err)
	}
	if err := r.Update(ctx, cm); err != nil { // ok: through IgnoreNotFound
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Status().Update(ctx, cm) // ok: returned after a branch
	if err != nil {
		r.Log.Error(err, "status")
	}
	return ctrl.Result{}, err
}

func (r *Reconciler) branches(ctx context.Context, cm *corev1.ConfigMap, create bool) error {
	var err error
	if create {
		err = r.Create(ctx, cm)
	} else {
		err = r.Update(ctx, cm) // ok: reaches the return on every path
	}
	if err != nil {
		return err
	}
	return nil
}

func (r *Reconciler) namedResult(ctx context.Context, cm *corev1.ConfigMap) (res ctrl.Result, retErr error) {
	defer func() {
		if err := r.Status().Update(ctx, cm); err != nil { // ok: joined into the named result
			retErr = errors.Join(retErr, err)
		}
	}()
	defer func() {
		if err := r.Update(ctx, cm); err != nil { // ok: aggregated into the named result
			retErr = utilerrors.NewAggregate([]error{retErr, err})
		}
	}()
	return ctrl.Result{}, nil
}

func (r *Reconciler) aggregate(ctx context.Context, cms []*corev1.ConfigMap) error {
	var errs []error
	for _, cm := range cms {
		if err := r.Update(ctx, cm); err != nil { // ok: collected and returned
			errs = append(errs, err)
		}
	}
	return utilerrors.NewAggregate(errs)
}

func (r *Reconciler) requeue(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // ok: a Conflict branch that requeues
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		}
		r.Log.Error(err, "update")
		return ctrl.Result{}, nil
	}
	if err := r.Status().Update(ctx, cm); err != nil { // ok: requeues after a delay
		r.Log.Error(err, "status")
		return ctrl.Result{RequeueAfter: 5}, nil
	}
	if err := r.Update(ctx, cm); apierrors.IsConflict(err) { // ok: the Conflict branch re-reads and retries
		_ = r.Get(ctx, client.ObjectKeyFromObject(cm), cm)
		return ctrl.Result{Requeue: true}, nil
	}
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update of cm is swallowed: return it`
		return ctrl.Result{Requeue: false}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) retried(ctx context.Context, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := r.Get(ctx, key, &cm); err != nil {
			return err
		}
		_ = r.Update(ctx, &cm) // ok: inside a retry scope (what retryreget checks)
		return r.Update(ctx, &cm)
	})
}

// updateWithRetry runs fn in a conflict retry, so its callers' closures are
// retry scopes.
func updateWithRetry(fn func() error) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, fn)
}

func (r *Reconciler) viaHelper(ctx context.Context, cm *corev1.ConfigMap) error {
	return updateWithRetry(func() error {
		r.Update(ctx, cm) // ok: inside a retry scope through a helper of this package
		return nil
	})
}

// Helpers that return a write's error count as writes where they are called.

func (r *Reconciler) setReady(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Annotations = map[string]string{"ready": "true"}
	return r.Status().Update(ctx, cm) // ok: returned to the caller
}

func (r *Reconciler) markAll(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.setReady(ctx, cm) // ok: returned again
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	_ = r.setReady(ctx, cm)                     // want `conflict from r.setReady is dropped: return it, or re-read cm inside retry.RetryOnConflict`
	r.markAll(ctx, cm)                          // want `conflict from r.markAll is dropped: return it, or re-read cm inside retry.RetryOnConflict`
	if err := r.setReady(ctx, cm); err != nil { // ok: the helper's error reaches Reconcile's return
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.markAll(ctx, cm) // ok: returned
}

// A handler.MapFunc has no error result: nobody can receive the error.
func (r *Reconciler) mapFunc() handler.MapFunc {
	return func(ctx context.Context, obj client.Object) []reconcile.Request {
		if err := r.Update(ctx, obj); err != nil { // want `conflict from r.Update cannot be returned by a function literal: requeue the object, or re-read obj inside retry.RetryOnConflict`
			r.Log.Error(err, "update")
		}
		return nil
	}
}

func (r *Reconciler) goroutine(ctx context.Context, cm *corev1.ConfigMap) {
	go func() {
		r.Update(ctx, cm) // want `conflict from r.Update cannot be returned by a goroutine: requeue the object, or re-read cm inside retry.RetryOnConflict`
	}()
	errc := make(chan error, 1)
	go func() {
		errc <- r.Update(ctx, cm) // ok: handed to the receiver of errc
	}()
	<-errc
}

// fallback answers a failed write with another write, whose error is
// returned: the failure is handed on (reusing the stale object there is
// staleupdate's finding).
func (r *Reconciler) fallback(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: the error branch falls back to another write
		cm.Labels = map[string]string{"orphaned": "true"}
		if err := r.Update(ctx, cm); err != nil {
			return fmt.Errorf("fallback: %w", err)
		}
	}
	return nil
}

// ensureLabels is the level-triggered sync: a retry loop runs it, and the
// event handlers call it too. A Conflict an event handler only logs is
// recovered by the loop's next run.
func (r *Reconciler) ensureLabels(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	cm.Labels = map[string]string{"managed": "true"}
	return r.Update(ctx, &cm) // ok: returned
}

func (r *Reconciler) resyncLoop(ctx context.Context, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.ensureLabels(ctx, key)
	})
}

func (r *Reconciler) onAdd(ctx context.Context, key client.ObjectKey) {
	if err := r.ensureLabels(ctx, key); err != nil { // ok: resyncLoop runs ensureLabels again on Conflict
		r.Log.Error(err, "ensuring labels")
	}
}

// annotate writes whatever object it is given; a retried call of it
// elsewhere does not cover this one.
func (r *Reconciler) annotate(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Annotations = map[string]string{"touched": "true"}
	return r.Update(ctx, cm) // ok: returned
}

func (r *Reconciler) annotateBoth(ctx context.Context, a, b *corev1.ConfigMap) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.annotate(ctx, a)
	})
	_ = r.annotate(ctx, b) // want `conflict from r.annotate cannot be returned by annotateBoth: requeue the object, or re-read b inside retry.RetryOnConflict`
}
