// Package runtime is a test stub of k8s.io/apimachinery/pkg/util/runtime.
package runtime

import "context"

// HandleError records an error that cannot be returned.
func HandleError(err error) {}

// HandleErrorWithContext records an error that cannot be returned.
func HandleErrorWithContext(ctx context.Context, err error, msg string, keysAndValues ...interface{}) {
}

// HandleCrash recovers from a panic and records it.
func HandleCrash(additionalHandlers ...func(interface{})) {}

// Must panics if err is not nil.
func Must(err error) {}
