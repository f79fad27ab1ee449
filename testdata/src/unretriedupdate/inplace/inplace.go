// Package inplace hands on a write's failure from a function literal
// called where it is written, under a lock (Emissary's kates client): the
// literal's result is the helper's, so the helper returns the failure,
// and a caller that only logs it loses the Conflict. Beside it, a caller
// that returns it.
package inplace

import (
	"context"
	"log"
	"sync"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"
)

type Client struct {
	mu sync.Mutex
	ri dynamic.ResourceInterface
}

// UpdateStatus writes the status under the client's lock.
func (c *Client) UpdateStatus(ctx context.Context, obj *unstructured.Unstructured) error {
	return func() error {
		c.mu.Lock()
		defer c.mu.Unlock()
		_, err := c.ri.UpdateStatus(ctx, obj, metav1.UpdateOptions{})
		return err
	}()
}

func Report(ctx context.Context, c *Client, obj *unstructured.Unstructured) {
	if err := c.UpdateStatus(ctx, obj); err != nil { // want `conflict from c.UpdateStatus cannot be returned by Report: requeue the object, or re-read obj inside retry.RetryOnConflict; lost for good`
		log.Printf("update status: %v", err)
	}
}

func Returned(ctx context.Context, c *Client, obj *unstructured.Unstructured) error {
	return c.UpdateStatus(ctx, obj) // ok: the caller is handed the failure
}
