// Package kv reduces ViaQ/logerr's kverrors: a structured error whose
// constructor never returns nil, in a package without Kubernetes code.
package kv

type kvError struct{ msg string }

func (e *kvError) Error() string { return e.msg }

// New returns a structured error.
func New(msg string) error { return &kvError{msg: msg} }
