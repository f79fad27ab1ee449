package retrying

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// TestSaveOnce writes but retries nothing and serves no retry: left out
// unless a check reports test writes.
func TestSaveOnce(t *testing.T) {
	if err := Save(context.Background(), c, &corev1.ConfigMap{}); err != nil {
		t.Fatal(err)
	}
}
