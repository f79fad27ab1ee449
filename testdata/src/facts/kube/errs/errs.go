// Package errs holds error constructors beside a write, so the model walks
// it in full and exports a NeverNilErrorFact for every exported function
// whose every return gives a non-nil error.
package errs

import (
	"context"
	"fmt"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Failed always returns fmt.Errorf's error: never nil, and so non-nil
// for a non-nil err too.
func Failed(step string, err error) error { // want Failed:`^neverNilError$` Failed:`^passesOnError\(1\)$`
	return fmt.Errorf("%s failed: %v", step, err)
}

// Wrap returns nil for a nil error, and a non-nil one for a non-nil
// error: it passes err on.
func Wrap(step string, err error) error { // want Wrap:`^passesOnError\(1\)$`
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", step, err)
}

// apply gives the package its write; unexported, it exports nothing.
func apply(ctx context.Context, c client.Client, foo *foov1.Foo) error {
	return Wrap("update", c.Update(ctx, foo))
}

var _ = apply
