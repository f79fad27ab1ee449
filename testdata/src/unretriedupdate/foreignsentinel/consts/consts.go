// Package consts declares the errors its importers return to ask for a
// later pass: sentinels, never nil.
package consts

import (
	"errors"
	"fmt"
	"time"

	"knative.dev/pkg/controller"
)

// ErrRequeueLater asks the runner to come back later.
var ErrRequeueLater = errors.New("requeue later")

// ErrWrapped is a wrap of a sentinel.
var ErrWrapped = fmt.Errorf("wrapped: %w", ErrRequeueLater)

// ErrRequeueEventAfter is a knative requeue error (tekton operator's
// REQUEUE_EVENT_AFTER).
var ErrRequeueEventAfter = controller.NewRequeueAfter(10 * time.Second)

// ErrMaybe is given another value below: no sentinel.
var ErrMaybe = errors.New("maybe")

// Reset clears ErrMaybe.
func Reset() { ErrMaybe = nil }
