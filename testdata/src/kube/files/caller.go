package files // want "walked"

import (
	"context"

	corev1 "k8s.io/api/core/v1"
)

// sync calls save, declared in a walked file.
func (r *reconciler) sync(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.save(ctx, cm)
}
