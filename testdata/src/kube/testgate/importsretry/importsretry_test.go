package importsretry

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var c client.Client

func TestSave(t *testing.T) {
	cm := &corev1.ConfigMap{}
	if err := c.Update(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
	_ = Save(context.Background(), c, cm)
}
