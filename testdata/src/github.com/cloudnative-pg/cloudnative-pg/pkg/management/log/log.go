// Package log is a test stub of
// github.com/cloudnative-pg/cloudnative-pg/pkg/management/log, the
// project's logging package: a Logger interface with logr's method shapes
// (and levels of its own), implemented over a logr.Logger. Code of the
// project holds a Logger (pkiLog = log.WithName("pki")) and logs through
// the interface.
package log

import "github.com/go-logr/logr"

// Logger is the project's logger.
type Logger interface {
	Enabled() bool
	Error(err error, msg string, keysAndValues ...interface{})
	Warning(msg string, keysAndValues ...interface{})
	Info(msg string, keysAndValues ...interface{})
	Debug(msg string, keysAndValues ...interface{})
	WithValues(keysAndValues ...interface{}) Logger
	WithName(name string) Logger
	GetLogger() logr.Logger
}

type logger struct {
	logr.Logger
}

var root = &logger{}

// GetLogger returns the root logger.
func GetLogger() Logger { return root }

// SetLogger sets the logr.Logger the root logger writes to.
func SetLogger(l logr.Logger) { root.Logger = l }

func (l *logger) GetLogger() logr.Logger { return l.Logger }

func (l *logger) Enabled() bool { return l.Logger.Enabled() }

func (l *logger) Error(err error, msg string, keysAndValues ...interface{}) {
	l.Logger.Error(err, msg, keysAndValues...)
}

func (l *logger) Warning(msg string, keysAndValues ...interface{}) {
	l.Logger.Info(msg, keysAndValues...)
}

func (l *logger) Info(msg string, keysAndValues ...interface{}) {
	l.Logger.Info(msg, keysAndValues...)
}

func (l *logger) Debug(msg string, keysAndValues ...interface{}) {
	l.Logger.V(1).Info(msg, keysAndValues...)
}

func (l *logger) WithValues(keysAndValues ...interface{}) Logger {
	return &logger{Logger: l.Logger.WithValues(keysAndValues...)}
}

func (l *logger) WithName(name string) Logger {
	return &logger{Logger: l.Logger.WithName(name)}
}

// WithName returns the root logger with a name appended.
func WithName(name string) Logger { return root.WithName(name) }

// Error logs an error on the root logger.
func Error(err error, msg string, keysAndValues ...interface{}) {
	root.Error(err, msg, keysAndValues...)
}

// Info logs a message on the root logger.
func Info(msg string, keysAndValues ...interface{}) { root.Info(msg, keysAndValues...) }
