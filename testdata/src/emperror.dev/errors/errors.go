// Package errors stubs emperror.dev/errors: constructors that always
// build an error, and wrappers that are nil for a nil error.
package errors

import "fmt"

// NewWithDetails builds an error with a message and key-value details.
func NewWithDetails(message string, details ...interface{}) error {
	return fmt.Errorf("%s %v", message, details)
}

// WrapIfWithDetails wraps err, or returns nil when err is nil.
func WrapIfWithDetails(err error, message string, details ...interface{}) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", message, err)
}
