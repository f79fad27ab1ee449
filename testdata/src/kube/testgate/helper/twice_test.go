package helper

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

func TestSaveTwice(t *testing.T) {
	cm := &corev1.ConfigMap{}
	_ = retried(func() error { return c.Update(context.Background(), cm) })
}
