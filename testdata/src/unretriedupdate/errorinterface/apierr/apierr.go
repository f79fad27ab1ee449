// Package apierr is a project's own error interface, as an API server's
// dashboard declares it: every constructor returns the interface, never
// a nil one.
package apierr

import "net/http"

// Error is an error with the HTTP status it is answered with.
type Error interface {
	error
	Status() int
}

type statusError struct {
	status  int
	message string
}

func (e *statusError) Error() string { return e.message }
func (e *statusError) Status() int   { return e.status }

// NewInternal builds a server error.
func NewInternal(msg string) Error {
	return &statusError{status: http.StatusInternalServerError, message: msg}
}

// Newf builds an error of the status given.
func Newf(status int, msg string) Error {
	if status == 0 {
		status = http.StatusInternalServerError
	}
	return &statusError{status: status, message: msg}
}
