// Package ginkgo is a test stub of github.com/onsi/ginkgo/v2: the spec
// containers and subjects.
package ginkgo

// Describe declares a container of specs.
func Describe(text string, args ...interface{}) bool { return true }

// Context is an alias of Describe.
func Context(text string, args ...interface{}) bool { return true }

// It declares a spec.
func It(text string, args ...interface{}) bool { return true }

// BeforeEach runs before every spec of its container.
func BeforeEach(args ...interface{}) bool { return true }

// GinkgoT returns a testing.T-like value for the running spec.
func GinkgoT(optionalOffset ...int) GinkgoTInterface { return nil }

// GinkgoTInterface is the subset of testing.T that GinkgoT offers.
type GinkgoTInterface interface {
	Errorf(format string, args ...interface{})
	Fatal(args ...interface{})
	Fatalf(format string, args ...interface{})
	FailNow()
	Logf(format string, args ...interface{})
}

// DeferCleanup runs its function argument after the spec; an error it
// returns fails the spec.
func DeferCleanup(args ...interface{}) {}

// Fail fails the running spec with message and does not return: it panics
// to unwind the spec, and ginkgo recovers.
func Fail(message string, callerSkip ...int) { panic(message) }
