package testfiles

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func relabel(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return withRetry(func() error {
		cm.Labels = map[string]string{"a": "b"}
		return c.Update(ctx, cm) // want `cm is not re-read inside withRetry`
	})
}
