package testfiles

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func relabel(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return withRetry(func() error {
		cm.Labels = map[string]string{"a": "b"}
		return c.Update(ctx, cm) // want `cm is not re-read inside withRetry`
	})
}

// A test's retry whose last error fails the test: reported.
func TestRelabel(t *testing.T) {
	var c client.Client
	ctx := context.Background()
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Name: "a"}, cm); err != nil {
		t.Fatal(err)
	}
	if err := withRetry(func() error {
		cm.Labels = map[string]string{"a": "c"}
		return c.Update(ctx, cm) // want `cm is not re-read inside withRetry, so every attempt conflicts: .*; reported by exit status$`
	}); err != nil {
		t.Fatal(err)
	}
}
