// Package staleraise drops the failure of a write and then, on every
// path, writes the same object again without reading it (hazelcast's
// management center, oracle-database-operator's finalizers, directpv's
// volume moves). After a Conflict the object still carries the
// resourceVersion the server refused, so the rewrite is certain to fail
// with the same Conflict, and its own error carries it: returned, the
// requeue re-reads and redoes both changes. Beside it: a re-read before
// the rewrite (the first change is gone with the read), a rewrite on one
// branch only, a rewrite of another object, and a rewrite whose own
// failure is only logged (both reported: the Conflict is lost at the
// rewrite too).
package staleraise

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) annotateThenStatus(ctx context.Context, key client.ObjectKey) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Annotations["last-applied"] = "spec"
	if err := r.Update(ctx, &cm); err != nil { // ok: the status write below resends the refused version and returns its Conflict
		log.Printf("annotate: %v", err)
	}
	cm.Labels["phase"] = "ready"
	if cm.Data == nil {
		return ctrl.Result{}, r.Status().Update(ctx, &cm)
	}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// throughHelper rewrites the object through a helper that writes it on
// every run and returns the write's failure (hazelcast's status update):
// the helper's call is a certain rewrite, and its failure is returned.
func (r *Reconciler) throughHelper(ctx context.Context, key client.ObjectKey) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Annotations["last-applied"] = "spec"
	if err := r.Update(ctx, &cm); err != nil { // ok: writeStatus resends the refused version and returns its Conflict
		log.Printf("annotate: %v", err)
	}
	if cm.Data == nil {
		return writeStatus(ctx, r.Client, &cm, "pending")
	}
	return writeStatus(ctx, r.Client, &cm, "ready")
}

func writeStatus(ctx context.Context, c client.Client, cm *corev1.ConfigMap, phase string) (ctrl.Result, error) {
	for k := range cm.Labels {
		delete(cm.Labels, k)
	}
	cm.Labels["phase"] = phase
	if err := c.Status().Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	if phase == "pending" {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// throughPartialHelpers rewrites the object through helpers that may not
// write it: one returns before its write on some runs, one reads the
// object again first, one writes it in a goroutine. None is a certain
// rewrite.
func (r *Reconciler) throughPartialHelpers(ctx context.Context, key client.ObjectKey, pick int) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Annotations["last-applied"] = "spec"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("annotate: %v", err)
	}
	switch pick {
	case 0:
		return writeStatusUnlessDone(ctx, r.Client, &cm)
	case 1:
		return ctrl.Result{}, writeFresh(ctx, r.Client, &cm)
	}
	return ctrl.Result{}, writeLater(ctx, r.Client, &cm)
}

func writeStatusUnlessDone(ctx context.Context, c client.Client, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if cm.Labels["phase"] == "done" {
		return ctrl.Result{}, nil
	}
	if err := c.Status().Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func writeFresh(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
		return err
	}
	cm.Labels["phase"] = "ready"
	return c.Update(ctx, cm)
}

func writeLater(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	errs := make(chan error, 1)
	go func() { errs <- c.Update(ctx, cm) }()
	return <-errs
}

// stageThenUpdate reduces directpv's volume move: a helper's write of the
// object fails and is only logged, then the object itself is updated and
// the error returned.
func (r *Reconciler) stageThenUpdate(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return client.IgnoreNotFound(err)
	}
	if err := stage(ctx, r.Client, &cm); err != nil { // ok: the Update below resends the refused version and returns its Conflict
		log.Printf("stage: %v", err)
	}
	cm.Labels["phase"] = "moved"
	if err := r.Update(ctx, &cm); err != nil {
		return err
	}
	return nil
}

func stage(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Annotations["staged"] = "true"
	return c.Update(ctx, cm)
}

func (r *Reconciler) rereadFirst(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return client.IgnoreNotFound(err)
	}
	cm.Annotations["last-applied"] = "spec"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("annotate: %v", err)
	}
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	cm.Labels["phase"] = "ready"
	return r.Update(ctx, &cm)
}

func (r *Reconciler) rewriteSometimes(ctx context.Context, key client.ObjectKey, ready bool) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return client.IgnoreNotFound(err)
	}
	cm.Annotations["last-applied"] = "spec"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("annotate: %v", err)
	}
	if ready {
		cm.Labels["phase"] = "ready"
		return r.Update(ctx, &cm)
	}
	return nil
}

func (r *Reconciler) rewriteOther(ctx context.Context, key, otherKey client.ObjectKey) error {
	var cm, other corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return client.IgnoreNotFound(err)
	}
	if err := r.Get(ctx, otherKey, &other); err != nil {
		return client.IgnoreNotFound(err)
	}
	cm.Annotations["last-applied"] = "spec"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("annotate: %v", err)
	}
	other.Labels["phase"] = "ready"
	return r.Update(ctx, &other)
}

func (r *Reconciler) rewriteLogged(ctx context.Context, key client.ObjectKey) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return
	}
	cm.Annotations["last-applied"] = "spec"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update cannot be returned by rewriteLogged: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("annotate: %v", err)
	}
	cm.Labels["phase"] = "ready"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update cannot be returned by rewriteLogged: requeue the object, or re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("status: %v", err)
	}
}
