// Package require is a stub of testify's require: assertions that stop the
// test on failure.
package require

// TestingT is the part of *testing.T the assertions use.
type TestingT interface {
	Errorf(format string, args ...interface{})
	FailNow()
}

// NoError fails the test now when err is not nil.
func NoError(t TestingT, err error, msgAndArgs ...interface{}) {}
