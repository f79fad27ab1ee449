// Package ktest is the shape of a test context implemented outside the
// testing package (Kubernetes' ktesting.TContext): it can fail the test it
// runs, so its Fatalf reports a failure rather than ending the program.
package ktest

import "testing"

// TContext wraps a test.
type TContext struct{ tb testing.TB }

func (c TContext) Fatalf(format string, args ...any) { c.tb.Fatalf(format, args...) }
func (c TContext) Errorf(format string, args ...any) { c.tb.Errorf(format, args...) }
func (c TContext) Logf(format string, args ...any)   { c.tb.Logf(format, args...) }
func (c TContext) FailNow()                          { c.tb.FailNow() }
func (c TContext) Failed() bool                      { return c.tb.Failed() }

// Logger has the Fatal family of a logger, and cannot fail a test.
type Logger struct{}

func (Logger) Fatalf(format string, args ...any) {}
