package exports

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var c client.Client

// TestSave writes but neither retries nor serves the external tests.
func TestSave(t *testing.T) {
	if err := Save(context.Background(), c, &corev1.ConfigMap{}); err != nil {
		t.Fatal(err)
	}
}
