// Package glog is a test stub of github.com/golang/glog: printf-style
// logging functions.
package glog

// Level is a verbosity level.
type Level int32

// Verbose logs only when its level is enabled.
type Verbose bool

// V returns a Verbose for level.
func V(level Level) Verbose { return false }

func (v Verbose) Info(args ...interface{})                 {}
func (v Verbose) Infof(format string, args ...interface{}) {}

func Info(args ...interface{})                    {}
func Infof(format string, args ...interface{})    {}
func Warning(args ...interface{})                 {}
func Warningf(format string, args ...interface{}) {}
func Error(args ...interface{})                   {}
func Errorf(format string, args ...interface{})   {}
func Fatal(args ...interface{})                   {}
func Fatalf(format string, args ...interface{})   {}
