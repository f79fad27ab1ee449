// Package log is a test stub of sigs.k8s.io/controller-runtime/pkg/log.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

// Log is the root logger.
var Log = logr.Discard()

// SetLogger sets the root logger.
func SetLogger(l logr.Logger) {}

// FromContext returns the logger stored in ctx, with extra key/value pairs.
func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger {
	return logr.FromContextOrDiscard(ctx).WithValues(keysAndValues...)
}

// IntoContext returns ctx with log stored in it.
func IntoContext(ctx context.Context, log logr.Logger) context.Context {
	return logr.NewContext(ctx, log)
}
