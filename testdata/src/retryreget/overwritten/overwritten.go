// Package overwritten answers a status write's Conflict inside a retry
// closure by re-reading the object into the write's own error variable,
// as koperator's Cruise Control operation controller does: the closure
// then returns the re-read's error, nil when the read succeeds, and the
// retry stops as if the write had worked.
package overwritten

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

// saveResult loses the result on a Conflict.
func (r *Reconciler) saveResult(ctx context.Context, cm *corev1.ConfigMap, result string) error {
	var err error
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm.Data = map[string]string{"result": result}
		err = r.Status().Update(ctx, cm)
		if apierrors.IsConflict(err) {
			err = r.Get(ctx, client.ObjectKeyFromObject(cm), cm) // want `conflict from Status\(\).Update of cm is replaced by the error of r.Get, so retry.RetryOnConflict stops once the re-read succeeds: keep the re-read's error apart and return the conflict; lost for good$`
		}
		return err
	})
}

// saveResultKept keeps the re-read's error apart: the Conflict goes to
// the retry, which runs again on the fresh object.
func (r *Reconciler) saveResultKept(ctx context.Context, cm *corev1.ConfigMap, result string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm.Data = map[string]string{"result": result}
		err := r.Status().Update(ctx, cm)
		if apierrors.IsConflict(err) {
			if getErr := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); getErr != nil { // ok: the Conflict is returned below
				return getErr
			}
		}
		return err
	})
}

// saveResultOnSuccess reads again after a write that worked: the
// closure's nil is the write's own.
func (r *Reconciler) saveResultOnSuccess(ctx context.Context, cm *corev1.ConfigMap, result string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return err
		}
		cm.Data = map[string]string{"result": result}
		err := r.Status().Update(ctx, cm)
		if err == nil {
			err = r.Get(ctx, client.ObjectKeyFromObject(cm), cm) // ok: after a success
		}
		return err
	})
}

// saveResultNamed holds the closure in a variable first, as koperator
// does, and captures the function's error variable.
func (r *Reconciler) saveResultNamed(ctx context.Context, cm *corev1.ConfigMap, result string) error {
	var err error
	save := func() error {
		cm.Data = map[string]string{"result": result}
		err = r.Status().Update(ctx, cm)
		if apierrors.IsConflict(err) {
			err = r.Get(ctx, client.ObjectKeyFromObject(cm), cm) // want `conflict from Status\(\).Update of cm is replaced by the error of r.Get`
		}
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, save)
}
