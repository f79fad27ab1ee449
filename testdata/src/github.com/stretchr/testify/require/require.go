// Package require is a test stub of github.com/stretchr/testify/require:
// assertions that stop the test on failure.
package require

// TestingT is what the assertions need of a *testing.T.
type TestingT interface {
	Errorf(format string, args ...interface{})
	FailNow()
}

func NoError(t TestingT, err error, msgAndArgs ...interface{})                  {}
func Error(t TestingT, err error, msgAndArgs ...interface{})                    {}
func True(t TestingT, value bool, msgAndArgs ...interface{})                    {}
func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {}
