// Package kutil is a project's write helper of another package: it writes
// the object it is given and returns the write's error.
package kutil

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// CreateOrUpdate creates or updates obj after mutate.
func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, mutate func() error) error {
	_, err := controllerutil.CreateOrUpdate(ctx, c, obj, mutate)
	return err
}
