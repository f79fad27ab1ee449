package noretry_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"kube/testgate/noretry"
)

func TestExternal(t *testing.T) {
	if err := noretry.Save(context.Background(), nil, &corev1.ConfigMap{}); err != nil {
		t.Fatal(err)
	}
}
