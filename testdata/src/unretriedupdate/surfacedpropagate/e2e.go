// Package surfacedpropagate holds, for propagate mode, e2e test helpers whose failed writes fail the
// test: in propagate mode the failure is surfaced, not lost; strict mode
// reports them, because a controller running beside the test writes the
// same objects and a Conflict makes the test flaky.
package surfacedpropagate

import (
	"context"
	"testing"

	"github.com/onsi/gomega"
	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func LabelWithT(t *testing.T, c client.Client, cm *corev1.ConfigMap) {
	if err := c.Update(context.Background(), cm); err != nil { // ok: surfaced to the test
		t.Fatalf("update: %v", err)
	}
}

func LabelWithRequire(t *testing.T, c client.Client, cm *corev1.ConfigMap) {
	err := c.Update(context.Background(), cm) // ok: surfaced to the test
	require.NoError(t, err)
}

func LabelWithGomega(c client.Client, cm *corev1.ConfigMap) {
	gomega.Expect(c.Update(context.Background(), cm)).To(gomega.Succeed()) // ok: surfaced to the test
}

func LabelLogged(t *testing.T, c client.Client, cm *corev1.ConfigMap) {
	if err := c.Update(context.Background(), cm); err != nil { // want `conflict from c.Update cannot be returned by LabelLogged: requeue the object, or re-read cm inside retry.RetryOnConflict`
		t.Logf("update: %v", err)
	}
}
