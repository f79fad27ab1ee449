package shapes

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EnableMode turns the mode of the ConfigMap key on, retrying conflicts.
func (w *OwnerWriter) EnableMode(ctx context.Context, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	if err := w.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data["mode"] = "on"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return w.Update(ctx, cm)
	})
}
