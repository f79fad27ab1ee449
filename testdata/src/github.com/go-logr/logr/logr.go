// Package logr is a test stub of github.com/go-logr/logr.
package logr

import "context"

// LogSink is the backend of a Logger.
type LogSink interface {
	Enabled(level int) bool
	Info(level int, msg string, keysAndValues ...any)
	Error(err error, msg string, keysAndValues ...any)
	WithValues(keysAndValues ...any) LogSink
	WithName(name string) LogSink
}

// Logger is a structured logger, passed by value.
type Logger struct {
	sink  LogSink
	level int
}

// New returns a Logger over sink.
func New(sink LogSink) Logger { return Logger{sink: sink} }

// Discard returns a Logger that drops everything.
func Discard() Logger { return Logger{} }

// GetSink returns the backend.
func (l Logger) GetSink() LogSink { return l.sink }

// Enabled reports whether the logger's level is on.
func (l Logger) Enabled() bool { return false }

// Info logs a message with key/value pairs.
func (l Logger) Info(msg string, keysAndValues ...any) {}

// Error logs an error with a message and key/value pairs.
func (l Logger) Error(err error, msg string, keysAndValues ...any) {}

// V returns a Logger for a verbosity level.
func (l Logger) V(level int) Logger { return l }

// WithValues returns a Logger that adds key/value pairs.
func (l Logger) WithValues(keysAndValues ...any) Logger { return l }

// WithName returns a Logger with a name segment appended.
func (l Logger) WithName(name string) Logger { return l }

// WithCallDepth returns a Logger that skips extra stack frames.
func (l Logger) WithCallDepth(depth int) Logger { return l }

// IsZero reports whether l is the zero Logger.
func (l Logger) IsZero() bool { return l.sink == nil }

// FromContext returns the Logger stored in ctx.
func FromContext(ctx context.Context) (Logger, error) { return Logger{}, nil }

// FromContextOrDiscard returns the Logger stored in ctx, or Discard.
func FromContextOrDiscard(ctx context.Context) Logger { return Logger{} }

// NewContext returns ctx with logger stored in it.
func NewContext(ctx context.Context, logger Logger) context.Context { return ctx }
