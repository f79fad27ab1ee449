// Package results holds reconcile.Result helpers, without a write, so the
// model does not walk it; it still exports a RequeueResultFact for every
// exported function whose every return asks the same of the controller.
package results

import (
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Later asks for a requeue on every return.
func Later() (reconcile.Result, error) { // want Later:`^result\(requeues\)$`
	return reconcile.Result{RequeueAfter: 30 * time.Second}, nil
}

// Done asks for nothing, with a nil error, on every return.
func Done() (reconcile.Result, error) { // want Done:`^result\(quiet\)$`
	return reconcile.Result{}, nil
}

// DoneOr hands on an error that may be non-nil: no result fact, but it
// passes err on.
func DoneOr(err error) (reconcile.Result, error) { // want DoneOr:`^passesOnError\(0\)$`
	return reconcile.Result{}, err
}
