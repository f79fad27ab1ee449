package retrying

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var c client.Client

func TestSave(t *testing.T) {
	cm := &corev1.ConfigMap{}
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := reread(context.Background(), cm); err != nil {
			return err
		}
		return c.Update(context.Background(), cm)
	})
}
