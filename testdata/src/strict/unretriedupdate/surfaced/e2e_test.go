package surfaced

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func testRelabel(t *testing.T, c client.Client, cm *corev1.ConfigMap) {
	cm.Labels = map[string]string{"e2e": "yes"}
	if err := c.Update(context.Background(), cm); err != nil { // want `is not retried`
		t.Fatal(err)
	}
}
