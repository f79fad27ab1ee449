package viamethod

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"kube/testgate/factory"
)

var c client.Client

func TestSave(t *testing.T) {
	cm := &corev1.ConfigMap{}
	_ = factory.New().Do(func() error { return c.Update(context.Background(), cm) })
}
