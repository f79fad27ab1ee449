// Package files checks which files the model walks: those that use the
// Kubernetes API, and those that call, directly or through other files,
// a function declared in one of them.
package files // want "walked"

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type reconciler struct{ client.Client }

// save returns its write's error: it is a returner.
func (r *reconciler) save(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Update(ctx, cm)
}
