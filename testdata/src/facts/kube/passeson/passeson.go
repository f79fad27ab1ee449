// Package passeson is a tracing helper package that reaches no Kubernetes
// object, so the model does not walk it; it still exports a
// PassesOnErrorFact for each exported function that returns its error
// argument non-nil whenever it is non-nil.
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
