// Package ends holds the helpers of an e2e framework beside a write, so
// the model walks it in full and exports an EndsFact for every exported
// function that never returns (package fixtures has one the model does not
// walk).
package ends

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Exitf ends in klog.Fatalf, which ends the program.
func Exitf(format string, args ...any) { // want Exitf:`^ends\(program\)$`
	klog.Fatalf(format, args...)
}

// ExitOnError returns when err is nil: it may return, so no fact.
func ExitOnError(err error) {
	if err == nil {
		return
	}
	klog.Fatal(err)
}

// apply gives the package its write; unexported, it exports nothing.
func apply(ctx context.Context, c client.Client, foo *foov1.Foo) {
	ExitOnError(c.Update(ctx, foo))
}

var _ = apply
