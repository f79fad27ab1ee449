package model

// FailedResult returns the Result of a package on which the model failed
// with err: it models nothing, so the checks skip the package, and its
// Failure is what they report instead (see analyzer/internal/guard).
func FailedResult(err error) *Result {
	r := newResult()
	r.failure = err
	return r
}

// Failure returns why the model failed on the package, or nil.
func (r *Result) Failure() error { return r.failure }
