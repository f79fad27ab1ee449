// Package klog is a test stub of k8s.io/klog/v2.
package klog

import (
	"context"

	"github.com/go-logr/logr"
)

// Logger is the structured logger type.
type Logger = logr.Logger

// Level is a verbosity level.
type Level int32

// Verbose logs only when its level is enabled.
type Verbose struct {
	enabled bool
}

// V returns a Verbose for level.
func V(level Level) Verbose { return Verbose{} }

func (v Verbose) Enabled() bool                                              { return v.enabled }
func (v Verbose) Info(args ...interface{})                                   {}
func (v Verbose) Infoln(args ...interface{})                                 {}
func (v Verbose) Infof(format string, args ...interface{})                   {}
func (v Verbose) InfoS(msg string, keysAndValues ...interface{})             {}
func (v Verbose) Error(err error, msg string, args ...interface{})           {}
func (v Verbose) ErrorS(err error, msg string, keysAndValues ...interface{}) {}

// Logging functions.

func Info(args ...interface{})                                   {}
func Infof(format string, args ...interface{})                   {}
func InfoS(msg string, keysAndValues ...interface{})             {}
func Warning(args ...interface{})                                {}
func Warningf(format string, args ...interface{})                {}
func Error(args ...interface{})                                  {}
func Errorf(format string, args ...interface{})                  {}
func ErrorS(err error, msg string, keysAndValues ...interface{}) {}
func Fatal(args ...interface{})                                  {}
func Fatalf(format string, args ...interface{})                  {}
func Exit(args ...interface{})                                   {}
func Exitf(format string, args ...interface{})                   {}

// FromContext returns the logger stored in ctx, or the global one.
func FromContext(ctx context.Context) Logger { return logr.Discard() }

// Background returns the global logger.
func Background() Logger { return logr.Discard() }

// NewContext returns ctx with logger stored in it.
func NewContext(ctx context.Context, logger Logger) context.Context { return ctx }

// KMetadata is what KObj needs of an object.
type KMetadata interface {
	GetName() string
	GetNamespace() string
}

// ObjectRef names an object in log output.
type ObjectRef struct {
	Name      string
	Namespace string
}

// KObj returns a reference to obj for logging.
func KObj(obj KMetadata) ObjectRef { return ObjectRef{} }

// KRef returns a reference to namespace/name for logging.
func KRef(namespace, name string) ObjectRef { return ObjectRef{Name: name, Namespace: namespace} }
