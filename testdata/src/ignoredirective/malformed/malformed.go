// Package malformed holds directives whose form ignoredirective checks.
package malformed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f() {
	//conflictlint:ignore unretriedupdate the caller resyncs // ok: well formed

	//conflictlint:ignore // want `conflictlint:ignore directive names no analyzer`

	//conflictlint:ignore unretriedupdate // want `conflictlint:ignore directive for unretriedupdate has no reason`

	//conflictlint:ignore staleness no known name is a typo away // want `names unknown analyzer "staleness"`

	//conflictlint:ignoreunretriedupdate not a directive at all // ok: the prefix must be followed by a space
}

// The directives below are meant for the writes under them; once their
// names are respelled, they hide the findings.
func save(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdat the informer resyncs every minute // want `conflictlint:ignore directive names unknown analyzer "unretriedupdat", so it hides nothing: known analyzers are `
	_ = c.Update(ctx, cm)

	//conflictlint:ignore unretriedupdate, the informer resyncs // want `conflictlint:ignore directive has an empty analyzer name`
	_ = c.Status().Update(ctx, cm)
}
