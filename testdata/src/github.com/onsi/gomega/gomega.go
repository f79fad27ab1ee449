// Package gomega is a stub of the gomega matcher library.
package gomega

// Assertion is what Expect returns.
type Assertion interface {
	To(matcher OmegaMatcher, optionalDescription ...interface{}) bool
	NotTo(matcher OmegaMatcher, optionalDescription ...interface{}) bool
}

// OmegaMatcher matches a value.
type OmegaMatcher interface {
	Match(actual interface{}) (success bool, err error)
}

// Expect wraps a value for an assertion.
func Expect(actual interface{}, extra ...interface{}) Assertion { return nil }

// HaveOccurred matches a non-nil error.
func HaveOccurred() OmegaMatcher { return nil }

// Succeed matches a nil error.
func Succeed() OmegaMatcher { return nil }
