// Package helper declares a retry helper that only its tests call.
package helper

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func withRetry(fn func() error) error { return retry.RetryOnConflict(retry.DefaultRetry, fn) }

// retried is a helper of a helper.
func retried(fn func() error) error { return withRetry(fn) }

func Save(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm)
}
