// Package genericctl is shaped like wrangler's generic controllers: one
// client type for every resource, instantiated with the object type.
package genericctl

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
)

// ClientInterface reads and writes objects of type T.
type ClientInterface[T runtime.Object] interface {
	Get(namespace, name string, options metav1.GetOptions) (T, error)
	Update(T) (T, error)
	UpdateStatus(T) (T, error)
}

// client implements ClientInterface over a REST client.
type client[T runtime.Object] struct{ rest rest.Interface }

// NewClient returns the client of one resource.
func NewClient[T runtime.Object](r rest.Interface) ClientInterface[T] { return &client[T]{rest: r} }

func (c *client[T]) Get(namespace, name string, options metav1.GetOptions) (T, error) {
	var zero T
	return zero, nil
}
func (c *client[T]) Update(obj T) (T, error)       { return obj, nil }
func (c *client[T]) UpdateStatus(obj T) (T, error) { return obj, nil }
