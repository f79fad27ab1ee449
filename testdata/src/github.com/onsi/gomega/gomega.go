// Package gomega is a test stub of github.com/onsi/gomega: the assertions
// and matchers tests surface errors with.
package gomega

import "github.com/onsi/gomega/types"

// Expect wraps an actual value for an assertion.
func Expect(actual interface{}, extra ...interface{}) types.Assertion { return nil }

// Eventually polls actual until the matcher succeeds.
func Eventually(actualOrCtx interface{}, args ...interface{}) types.AsyncAssertion { return nil }

// HaveOccurred succeeds if actual is a non-nil error.
func HaveOccurred() types.GomegaMatcher { return nil }

// Succeed succeeds if actual is a nil error.
func Succeed() types.GomegaMatcher { return nil }

// Equal succeeds if actual equals expected.
func Equal(expected interface{}) types.GomegaMatcher { return nil }

// BeTrue succeeds if actual is true.
func BeTrue() types.GomegaMatcher { return nil }
