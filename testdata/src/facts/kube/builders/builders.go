// Package builders holds builders of desired objects beside a write, so
// the model walks it in full and exports a FreshBuildFact for every
// exported function whose every return builds its object anew, without a
// resourceVersion (package fixtures has builders the model does not walk).
package builders

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Desired builds its result from a literal.
func Desired(ns, name string) *foov1.Foo { // want Desired:`^freshBuild\(result 0\)$`
	return &foov1.Foo{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
}

// DesiredOr builds anew on one path only; the other returns the object it
// was given, which may carry a resourceVersion: no FreshBuildFact. It
// leaves existing as it was, hence the KeepsVersionFact.
func DesiredOr(existing *foov1.Foo, ns, name string) *foov1.Foo { // want DesiredOr:`^keepsVersion\(params \[0\]\)$`
	if existing != nil {
		return existing
	}
	return Desired(ns, name)
}

// apply gives the package its write; unexported, it exports nothing.
func apply(ctx context.Context, c client.Client, foo *foov1.Foo) error {
	return c.Update(ctx, foo)
}

var _ = apply
