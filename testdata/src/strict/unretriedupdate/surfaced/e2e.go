// Package surfaced holds e2e test helpers whose failed writes fail the
// test: in propagate mode the failure is surfaced, not lost; strict mode
// reports them, because a controller running beside the test writes the
// same objects and a Conflict makes the test flaky.
package surfaced

import (
	"context"
	"testing"

	"github.com/onsi/gomega"
	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	kubeframework "k8s.io/kubernetes/test/e2e/framework"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func LabelWithT(t *testing.T, c client.Client, cm *corev1.ConfigMap) {
	if err := c.Update(context.Background(), cm); err != nil { // want `conflict from c.Update is not retried: re-read cm inside retry.RetryOnConflict`
		t.Fatalf("update: %v", err)
	}
}

func LabelWithRequire(t *testing.T, c client.Client, cm *corev1.ConfigMap) {
	err := c.Update(context.Background(), cm) // want `is not retried`
	require.NoError(t, err)
}

func LabelWithGomega(c client.Client, cm *corev1.ConfigMap) {
	gomega.Expect(c.Update(context.Background(), cm)).To(gomega.Succeed()) // want `is not retried`
}

func LabelLogged(t *testing.T, c client.Client, cm *corev1.ConfigMap) {
	if err := c.Update(context.Background(), cm); err != nil { // want `is not retried`
		t.Logf("update: %v", err)
	}
}

// Kubernetes' e2e framework fails the spec by name (see the tables).
func LabelWithKubeFramework(c client.Client, cm *corev1.ConfigMap) {
	if err := c.Update(context.Background(), cm); err != nil { // want `conflict from c.Update is not retried: re-read cm inside retry.RetryOnConflict; no fix: .*; reported by exit status`
		kubeframework.Failf("update %s: %v", cm.Name, err)
	}
}
