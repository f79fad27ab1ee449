// Package logrus is a test stub of github.com/sirupsen/logrus: the package
// functions, Entry, Logger and FieldLogger that controllers log errors with.
package logrus

// Fields is a set of structured log fields.
type Fields map[string]interface{}

// Entry is a log entry carrying fields.
type Entry struct {
	Logger *Logger
	Data   Fields
}

// Logger is a configured logger.
type Logger struct{}

// New returns a logger.
func New() *Logger { return &Logger{} }

// StandardLogger returns the package's logger.
func StandardLogger() *Logger { return &Logger{} }

// FieldLogger is the interface shared by Logger and Entry.
type FieldLogger interface {
	WithField(key string, value interface{}) *Entry
	WithFields(fields Fields) *Entry
	WithError(err error) *Entry
	Debugf(format string, args ...interface{})
	Infof(format string, args ...interface{})
	Warnf(format string, args ...interface{})
	Errorf(format string, args ...interface{})
	Fatalf(format string, args ...interface{})
	Error(args ...interface{})
	Warn(args ...interface{})
	Info(args ...interface{})
}

func (e *Entry) WithField(key string, value interface{}) *Entry { return e }
func (e *Entry) WithFields(fields Fields) *Entry                { return e }
func (e *Entry) WithError(err error) *Entry                     { return e }
func (e *Entry) Debugf(format string, args ...interface{})      {}
func (e *Entry) Infof(format string, args ...interface{})       {}
func (e *Entry) Warnf(format string, args ...interface{})       {}
func (e *Entry) Warningf(format string, args ...interface{})    {}
func (e *Entry) Errorf(format string, args ...interface{})      {}
func (e *Entry) Fatalf(format string, args ...interface{})      {}
func (e *Entry) Error(args ...interface{})                      {}
func (e *Entry) Fatal(args ...interface{})                      {}
func (e *Entry) Warn(args ...interface{})                       {}
func (e *Entry) Info(args ...interface{})                       {}

func (l *Logger) WithField(key string, value interface{}) *Entry { return &Entry{Logger: l} }
func (l *Logger) WithFields(fields Fields) *Entry                { return &Entry{Logger: l} }
func (l *Logger) WithError(err error) *Entry                     { return &Entry{Logger: l} }
func (l *Logger) Debugf(format string, args ...interface{})      {}
func (l *Logger) Infof(format string, args ...interface{})       {}
func (l *Logger) Warnf(format string, args ...interface{})       {}
func (l *Logger) Warningf(format string, args ...interface{})    {}
func (l *Logger) Errorf(format string, args ...interface{})      {}
func (l *Logger) Fatalf(format string, args ...interface{})      {}
func (l *Logger) Error(args ...interface{})                      {}
func (l *Logger) Fatal(args ...interface{})                      {}
func (l *Logger) Warn(args ...interface{})                       {}
func (l *Logger) Info(args ...interface{})                       {}

// The package-level functions log through the standard logger.

func WithField(key string, value interface{}) *Entry { return &Entry{} }
func WithFields(fields Fields) *Entry                { return &Entry{} }
func WithError(err error) *Entry                     { return &Entry{} }
func Debugf(format string, args ...interface{})      {}
func Infof(format string, args ...interface{})       {}
func Warnf(format string, args ...interface{})       {}
func Warningf(format string, args ...interface{})    {}
func Errorf(format string, args ...interface{})      {}
func Fatalf(format string, args ...interface{})      {}
func Error(args ...interface{})                      {}
func Fatal(args ...interface{})                      {}
func Warn(args ...interface{})                       {}
func Info(args ...interface{})                       {}
