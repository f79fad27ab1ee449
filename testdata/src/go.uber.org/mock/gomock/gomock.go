// Package gomock is a stub of go.uber.org/mock/gomock: a mocked call can
// run a function given as `any` and return its results.
package gomock

// Call is an expected call of a mock.
type Call struct{}

// DoAndReturn runs f when the call is made and returns f's results as the
// call's.
func (c *Call) DoAndReturn(f any) *Call { return c }
