// Package span reduces jaeger-operator's tracing helpers: a helper that
// notes an error on a span and returns it unchanged, and one that notes
// it and returns nothing of it.
package span

import "log"

// HandleError records err on the span and returns it: nil only for nil.
func HandleError(err error, name string) error {
	if err != nil {
		log.Printf("%s: %v", name, err)
	}
	return err
}

// Swallow records err on the span and returns nil.
func Swallow(err error, name string) error {
	if err != nil {
		log.Printf("%s: %v", name, err)
	}
	return nil
}
