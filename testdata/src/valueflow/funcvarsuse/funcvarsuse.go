// Package funcvarsuse calls, from another package, a helper whose write is
// made through a variable holding a function literal: what it knows of the
// helper comes from its fact.
package funcvarsuse

import (
	"context"
	"log"

	"valueflow/funcvars"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Poll only logs the helper's failure.
func Poll(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if err := funcvars.SetPhase(ctx, c, cm); err != nil { // want `conflict from funcvars.SetPhase cannot be returned by Poll: requeue the object, or re-read cm inside retry.RetryOnConflict`
		log.Printf("poll: %v", err)
	}
}

// Sync returns it.
func Sync(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return funcvars.SetPhase(ctx, c, cm) // ok: returned
}
