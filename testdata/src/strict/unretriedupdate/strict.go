// Package strict is checked with -unretriedupdate.mode=strict.
package strict

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func returned(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm) // want `conflict from c.Update is not retried: re-read cm inside retry.RetryOnConflict`
}

func retried(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		return c.Update(ctx, &cm) // ok: in a retry scope
	})
}
