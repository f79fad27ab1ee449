package reasons

import (
	"context"
	"log"

	"proof/lib"

	pkgerrors "github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
)

// pkgSentinel tests the failure with github.com/pkg/errors' Is against a
// sentinel: decided (false on a Conflict), so no unknown point.
func (r *Reconciler) pkgSentinel(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil {
		if pkgerrors.Is(err, lib.ErrPassNotPropagated) {
			log.Printf("not yet: %v", err)
			return nil
		}
		return err
	}
	return nil
}
