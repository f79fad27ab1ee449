// Package handedon reduces three shapes in which a write's failure is
// only logged where it happens, yet the path goes on to hand a failure
// to the reconcile loop, which requeues, or retries the write with a
// fresh read: a helper that returns its error argument unchanged
// (jaeger-operator's tracing.HandleError), a count of failures that
// becomes an error of its own after the loop (tempo-operator's
// certificate rotation), and a Conflict that falls through to a
// RetryOnConflict that reads the object again (tempo-operator's status
// update). Each has its twin in which the failure is lost.
package handedon

import (
	"context"
	"errors"
	"log"

	"proof/handedon/kv"
	"proof/handedon/span"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client client.Client
}

// handle is the package's own twin of span.HandleError.
func handle(err error, name string) error {
	if err != nil {
		log.Printf("%s: %v", name, err)
	}
	return err
}

// Reconcile marks the ConfigMap failed when its label cannot be written,
// and returns the label write's error through the span helper.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var cm corev1.ConfigMap
	if err := r.client.Get(ctx, req.NamespacedName, &cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels = map[string]string{"operated-by": "me"}
	if err := r.client.Update(ctx, &cm); err != nil {
		cm.Annotations = map[string]string{"phase": "failed"}
		if err := r.client.Update(ctx, &cm); err != nil { // ok: the outer failure is returned through span.HandleError, and the reconcile is requeued
			log.Printf("storing the failed phase: %v", err)
		}
		return reconcile.Result{}, span.HandleError(err, "label")
	}
	return reconcile.Result{}, r.apply(ctx, &cm)
}

func (r *Reconciler) apply(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.render(cm); err != nil {
		cm.Annotations = map[string]string{"phase": "failed"}
		if err := r.client.Update(ctx, cm); err != nil { // ok: the render error is returned through handle
			log.Printf("storing the failed phase: %v", err)
		}
		return handle(err, "apply")
	}
	return nil
}

// Swallowed returns what span.Swallow makes of the error: always nil.
func (r *Reconciler) Swallowed(ctx context.Context, cm *corev1.ConfigMap) (reconcile.Result, error) {
	if err := r.render(cm); err != nil {
		cm.Annotations = map[string]string{"phase": "failed"}
		if err := r.client.Update(ctx, cm); err != nil { // want `conflict from r.client.Update is only logged`
			log.Printf("storing the failed phase: %v", err)
		}
		return reconcile.Result{}, span.Swallow(err, "apply")
	}
	return reconcile.Result{}, nil
}

func (r *Reconciler) render(cm *corev1.ConfigMap) error {
	if cm.Data == nil {
		return errors.New("no data")
	}
	return nil
}

// Rotate writes each secret, counts the failures, and turns a count above
// zero into an error of its own, which the reconcile loop requeues.
func (r *Reconciler) Rotate(ctx context.Context, secrets []*corev1.Secret) (reconcile.Result, error) {
	var errCount int32
	for _, s := range secrets {
		s.Labels = map[string]string{"rotated": "yes"}
		if err := r.client.Update(ctx, s); err != nil { // ok: counted, and the count becomes the returned error
			log.Printf("rotating %s: %v", s.Name, err)
			errCount++
			continue
		}
	}
	if errCount > 0 {
		return reconcile.Result{}, errors.New("failed to rotate certificates")
	}
	return reconcile.Result{}, nil
}

// RotateKV is Rotate with the count turned into an error by a
// structured-error package's constructor (tempo-operator's kverrors.New).
func (r *Reconciler) RotateKV(ctx context.Context, secrets []*corev1.Secret) (reconcile.Result, error) {
	var errCount int32
	for _, s := range secrets {
		s.Labels = map[string]string{"rotated": "yes"}
		if err := r.client.Update(ctx, s); err != nil { // ok: counted, and the count becomes kv.New's error
			log.Printf("rotating %s: %v", s.Name, err)
			errCount++
			continue
		}
	}
	if errCount > 0 {
		return reconcile.Result{}, kv.New("failed to rotate certificates")
	}
	return reconcile.Result{}, nil
}

// RotateForgetting counts the failures too, but clears the count before
// it tests it.
func (r *Reconciler) RotateForgetting(ctx context.Context, secrets []*corev1.Secret) (reconcile.Result, error) {
	var errCount int32
	for _, s := range secrets {
		s.Labels = map[string]string{"rotated": "yes"}
		if err := r.client.Update(ctx, s); err != nil { // want `conflict from r.client.Update is only logged`
			log.Printf("rotating %s: %v", s.Name, err)
			errCount++
			continue
		}
	}
	errCount = 0
	if errCount > 0 {
		return reconcile.Result{}, errors.New("failed to rotate certificates")
	}
	return reconcile.Result{}, nil
}

// UpdateStatus tries once without a read; a Conflict goes on to a retry
// that reads the ConfigMap again before each attempt.
func (r *Reconciler) UpdateStatus(ctx context.Context, cm corev1.ConfigMap, phase string) error {
	cm.Annotations = map[string]string{"phase": phase}
	err := r.client.Update(ctx, &cm) // ok: a Conflict is retried below with a fresh read
	if err == nil || !apierrors.IsConflict(err) {
		return err
	}
	key := client.ObjectKeyFromObject(&cm)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.client.Get(ctx, key, &cm); err != nil {
			return err
		}
		cm.Annotations = map[string]string{"phase": phase}
		return r.client.Update(ctx, &cm)
	})
}

// UpdateStatusStale retries too, but the retry never reads the ConfigMap
// again: each attempt resends the refused version.
func (r *Reconciler) UpdateStatusStale(ctx context.Context, cm corev1.ConfigMap, phase string) error {
	cm.Annotations = map[string]string{"phase": phase}
	err := r.client.Update(ctx, &cm) // want `conflict from r.client.Update is swallowed`
	if err == nil || !apierrors.IsConflict(err) {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm.Annotations = map[string]string{"phase": phase}
		return r.client.Update(ctx, &cm)
	})
}

// Registry reduces humio-operator's package registry: the status helper
// is handed err.Error(), which would have panicked for a nil err, so past
// it err is not nil, and returning it hands a failure to the reconcile
// loop.
func (r *Reconciler) Registry(ctx context.Context, cm *corev1.ConfigMap) (reconcile.Result, error) {
	conn, err := r.connect(cm)
	if err != nil || conn == "" {
		_ = r.setState(ctx, "ConfigError", err.Error(), cm) // ok: err is not nil past err.Error(), and it is returned
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// RegistryQuiet drops the same failure with a fixed message: err may be
// nil there (conn == ""), and the reconcile then asks for nothing.
func (r *Reconciler) RegistryQuiet(ctx context.Context, cm *corev1.ConfigMap) (reconcile.Result, error) {
	conn, err := r.connect(cm)
	if err != nil || conn == "" {
		_ = r.setState(ctx, "ConfigError", "no connection", cm) // want `conflict from r.setState is dropped`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *Reconciler) connect(cm *corev1.ConfigMap) (string, error) {
	if cm.Data["url"] == "" {
		return "", errors.New("no url")
	}
	return cm.Data["url"], nil
}

func (r *Reconciler) setState(ctx context.Context, state, message string, cm *corev1.ConfigMap) error {
	cm.Annotations = map[string]string{"state": state, "message": message}
	return r.client.Update(ctx, cm)
}
