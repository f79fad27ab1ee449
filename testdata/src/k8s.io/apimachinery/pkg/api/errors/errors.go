// Package errors is a test stub of k8s.io/apimachinery/pkg/api/errors.
package errors

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// StatusError is an error carrying an API Status.
type StatusError struct {
	ErrStatus metav1.Status
}

// Error returns the status message.
func (e *StatusError) Error() string { return e.ErrStatus.Message }

// Status returns the carried status.
func (e *StatusError) Status() metav1.Status { return e.ErrStatus }

// APIStatus is implemented by errors that carry an API Status.
type APIStatus interface {
	Status() metav1.Status
}

// NewNotFound returns a NotFound error.
func NewNotFound(qualifiedResource schema.GroupResource, name string) *StatusError {
	return &StatusError{}
}

// NewAlreadyExists returns an AlreadyExists error.
func NewAlreadyExists(qualifiedResource schema.GroupResource, name string) *StatusError {
	return &StatusError{}
}

// NewConflict returns a Conflict error.
func NewConflict(qualifiedResource schema.GroupResource, name string, err error) *StatusError {
	return &StatusError{}
}

// ReasonForError returns the status reason of err.
func ReasonForError(err error) metav1.StatusReason { return metav1.StatusReasonUnknown }

// IsNotFound reports whether err is a NotFound error.
func IsNotFound(err error) bool { return false }

// IsAlreadyExists reports whether err is an AlreadyExists error.
func IsAlreadyExists(err error) bool { return false }

// IsConflict reports whether err is a Conflict error.
func IsConflict(err error) bool { return false }

// IsInvalid reports whether err is an Invalid error.
func IsInvalid(err error) bool { return false }

// IsGone reports whether err is a Gone error.
func IsGone(err error) bool { return false }

// IsTimeout reports whether err is a Timeout error.
func IsTimeout(err error) bool { return false }

// IsServerTimeout reports whether err is a ServerTimeout error.
func IsServerTimeout(err error) bool { return false }

// IsTooManyRequests reports whether err is a TooManyRequests error.
func IsTooManyRequests(err error) bool { return false }

// IsForbidden reports whether err is a Forbidden error.
func IsForbidden(err error) bool { return false }
