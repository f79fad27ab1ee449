package shapes

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// OwnerWriter writes owners with a hand-rolled retry.
type OwnerWriter struct {
	client.Client
}

// SetOwner sets the owner of the ConfigMap key, trying three times.
func (w *OwnerWriter) SetOwner(ctx context.Context, key client.ObjectKey, owner string) error {
	var cm corev1.ConfigMap
	if err := w.Get(ctx, key, &cm); err != nil {
		return err
	}
	var err error
	for i := 0; i < 3; i++ {
		cm.Data["owner"] = owner
		if err = w.Update(ctx, &cm); err == nil {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	return err
}
