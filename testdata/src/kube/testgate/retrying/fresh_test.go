package retrying

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// reread is what the retried closure calls: walked with it.
func reread(ctx context.Context, cm *corev1.ConfigMap) error {
	return c.Get(ctx, client.ObjectKeyFromObject(cm), cm)
}
