// Package errkit is a test stub of an error library of the
// github.com/cockroachdb/errors kind: its wrappers return nil for a nil
// error and a non-nil error otherwise.
package errkit

// Wrapf annotates err with a message; it returns nil when err is nil.
func Wrapf(err error, format string, args ...any) error { return err }
