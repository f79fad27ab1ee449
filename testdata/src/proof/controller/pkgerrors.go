package controller

import (
	"context"

	"proof/lib"

	pkgerrors "github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// pkgSentinel drops only a sentinel made with github.com/pkg/errors,
// tested with that package's Is: a Conflict is not it.
func (r *Reconciler) pkgSentinel(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: pkg/errors' Is against another error is false for a Conflict
		if pkgerrors.Is(err, lib.ErrPassNotPropagated) {
			return nil
		}
		return pkgerrors.Wrap(err, "update")
	}
	return nil
}

// pkgNotSentinel drops everything but that sentinel, the Conflict too.
func (r *Reconciler) pkgNotSentinel(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		if !pkgerrors.Is(err, lib.ErrPassNotPropagated) {
			return nil
		}
		return err
	}
	return nil
}

// pkgAsStatus drops what pkg/errors' As into a StatusError finds: a
// Conflict is one.
func (r *Reconciler) pkgAsStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		var se *apierrors.StatusError
		if pkgerrors.As(err, &se) {
			return nil
		}
		return err
	}
	return nil
}
