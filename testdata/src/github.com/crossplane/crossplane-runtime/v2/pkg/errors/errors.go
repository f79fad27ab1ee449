// Package errors is a test stub of crossplane-runtime's error helpers:
// constructors that always build an error, and wrappers that give nil
// for a nil error. Signatures as in crossplane-runtime v2.
package errors

import "fmt"

// New builds an error with the message text.
func New(text string) error { return fmt.Errorf("%s", text) }

// Errorf builds an error from a format.
func Errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }

// Wrap prefixes err's message; nil for a nil err.
func Wrap(err error, message string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", message, err)
}

// MultiError is an error that holds several.
type MultiError interface {
	error
	Unwrap() []error
}

type multiError []error

func (m multiError) Error() string   { return fmt.Sprint([]error(m)) }
func (m multiError) Unwrap() []error { return m }

// Join holds the non-nil errors of errs; nil when there is none.
func Join(errs ...error) MultiError {
	var kept multiError
	for _, err := range errs {
		if err != nil {
			kept = append(kept, err)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}
