// Package api relabels a ConfigMap on a request: a way to store.Label that
// no controller runs again.
package api

import (
	"context"

	corev1 "k8s.io/api/core/v1"

	"cmdprogram/store"
)

// Relabel is the request's handler.
func Relabel(ctx context.Context, s *store.Store, cm *corev1.ConfigMap) {
	s.Label(ctx, cm)
}
