// Package relabel holds a write helper that returns its failure: a
// returner whose callers, in another package, decide its fate.
package relabel

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Mark labels cm and returns the write's failure.
func Mark(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Labels = map[string]string{"marked": "true"}
	return c.Update(ctx, cm) // ok: returned to the caller
}

// Run is a generic runner that returns what f returns.
func Run[F ~func() error](f F) error { return f() }
