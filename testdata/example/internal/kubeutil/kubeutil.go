// Package kubeutil holds client helpers shared by the controllers.
package kubeutil

import (
	"context"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// UpdateWithRetry runs mutate-and-write again whenever the write fails with
// a Conflict. The function must read the object itself.
func UpdateWithRetry(fn func() error) error {
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

// Annotate sets one annotation and writes the object back.
func Annotate(ctx context.Context, c client.Client, obj client.Object, key, value string) error {
	annotations := obj.GetAnnotations()
	if annotations == nil {
		annotations = map[string]string{}
	}
	annotations[key] = value
	obj.SetAnnotations(annotations)
	return c.Update(ctx, obj)
}
