package shapes

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SetStrict sets the strict flag of the ConfigMap key, retrying conflicts.
func SetStrict(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		cm.Data["strict"] = "true"
		if err := c.Update(ctx, &cm); err != nil {
			return fmt.Errorf("updating %s: %v", key, err)
		}
		return nil
	})
}
