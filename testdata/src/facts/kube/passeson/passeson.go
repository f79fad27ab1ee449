// Package passeson is a tracing and error helper package that reaches no
// Kubernetes object, so the model does not walk it; it still exports a
// PassesOnErrorFact for each exported function that returns its error
// argument non-nil whenever it is non-nil, and a NeverNilErrorFact for
// each error constructor that never returns nil.
package passeson

import (
	"fmt"
	"log"
)

// HandleError notes err and returns it unchanged.
func HandleError(err error, span string) error { // want HandleError:`^passesOnError\(0\)$`
	if err != nil {
		log.Printf("%s: %v", span, err)
	}
	return err
}

// Annotate wraps err, and returns nil for nil.
func Annotate(span string, err error) error { // want Annotate:`^passesOnError\(1\)$`
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", span, err)
}

// Swallow notes err and returns nil: no fact.
func Swallow(err error) error {
	log.Print(err)
	return nil
}

// Replace returns another error it may have reset to nil: no fact.
func Replace(err error, keep bool) error {
	if !keep {
		err = nil
	}
	return err
}

// Either returns err or nil, by a flag: no fact.
func Either(err error, keep bool) error {
	if keep {
		return err
	}
	return nil
}

// handle is unexported: no fact, though it passes err on.
func handle(err error) error { return err }

var _ = handle

// kvError is a structured error, as ViaQ/logerr's kverrors.
type kvError struct{ msg string }

func (e *kvError) Error() string { return e.msg }

// New never returns nil.
func New(msg string) error { // want New:`^neverNilError$`
	return &kvError{msg: msg}
}

// NewCtx returns what New does: never nil.
func NewCtx(msg, ctx string) error { // want NewCtx:`^neverNilError$`
	return New(msg + ": " + ctx)
}

// Maybe returns nil for an empty message: no fact.
func Maybe(msg string) error {
	if msg == "" {
		return nil
	}
	return &kvError{msg: msg}
}
