// Package assert is a test stub of github.com/stretchr/testify/assert:
// assertions that mark the test failed and go on.
package assert

import "time"

// TestingT is what the assertions need of a *testing.T.
type TestingT interface {
	Errorf(format string, args ...interface{})
}

func NoError(t TestingT, err error, msgAndArgs ...interface{}) bool { return true }
func True(t TestingT, value bool, msgAndArgs ...interface{}) bool   { return true }
func Eventually(t TestingT, condition func() bool, waitFor time.Duration, tick time.Duration, msgAndArgs ...interface{}) bool {
	return true
}
