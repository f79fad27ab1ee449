// Package reads holds read helpers. It reads with controller-runtime's
// client, so the model walks it in full and exports a ReadsFact for every
// exported function that returns a freshly read object or reads into the
// object it is given.
package reads

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Fetch returns the object it read as result 0.
func Fetch(ctx context.Context, c client.Client, key client.ObjectKey) (*foov1.Foo, error) { // want Fetch:`^reads\(param -1, result 0\)$`
	foo := &foov1.Foo{}
	if err := c.Get(ctx, key, foo); err != nil {
		return nil, err
	}
	return foo, nil
}

// Refresh reads into param 2 in place.
func Refresh(ctx context.Context, c client.Client, foo *foov1.Foo) error { // want Refresh:`^reads\(param 2, result -1\)$`
	return c.Get(ctx, client.ObjectKeyFromObject(foo), foo)
}

// Exists reads with foo's key too, but into a scratch object: foo is not
// refreshed, so no ReadsFact. Since it leaves foo as it was, it exports
// the KeepsVersionFact instead.
func Exists(ctx context.Context, c client.Client, foo *foov1.Foo) error { // want Exists:`^keepsVersion\(params \[2\]\)$`
	live := &foov1.Foo{}
	return c.Get(ctx, client.ObjectKeyFromObject(foo), live)
}
