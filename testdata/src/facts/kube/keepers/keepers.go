// Package keepers holds functions that take an object. It writes with
// controller-runtime's client, so the model walks it in full and exports a
// KeepsVersionFact for every exported function that never gives an object
// parameter a resourceVersion: its callers know the object is still as
// fresh, or as stale, as it was.
package keepers

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Describe only reads its object.
func Describe(foo *foov1.Foo) string { // want Describe:`^keepsVersion\(params \[0\]\)$`
	return foo.Namespace + "/" + foo.Name + ": " + foo.Status.Phase
}

// Visit hands its object to a callback, which may read into it: no fact.
func Visit(foo *foov1.Foo, visit func(*foov1.Foo)) {
	visit(foo)
}

// apply gives the package its write; unexported, it exports nothing.
func apply(ctx context.Context, c client.Client, foo *foov1.Foo) error {
	return c.Update(ctx, foo)
}

var _ = apply
