// Package v1 is a typed client for foo.example.com/v1, shaped like the
// output of older code-generator releases (a plain struct per resource, not
// built on gentype).
package v1

import (
	"context"

	v1 "example.com/foo-operator/pkg/apis/foo/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	types "k8s.io/apimachinery/pkg/types"
	watch "k8s.io/apimachinery/pkg/watch"
	rest "k8s.io/client-go/rest"
)

// FooV1Interface reaches the foo.example.com/v1 resources.
type FooV1Interface interface {
	RESTClient() rest.Interface
	FoosGetter
}

// FooV1Client is the foo.example.com/v1 client.
type FooV1Client struct {
	restClient rest.Interface
}

// Foos returns the Foo client of a namespace.
func (c *FooV1Client) Foos(namespace string) FooInterface { return newFoos(c, namespace) }

// RESTClient returns the underlying REST client.
func (c *FooV1Client) RESTClient() rest.Interface { return c.restClient }

// NewForConfig returns a client for c.
func NewForConfig(c *rest.Config) (*FooV1Client, error) { return &FooV1Client{}, nil }

// FoosGetter returns a Foo client for a namespace.
type FoosGetter interface {
	Foos(namespace string) FooInterface
}

// FooInterface reads and writes Foo objects.
type FooInterface interface {
	Create(ctx context.Context, foo *v1.Foo, opts metav1.CreateOptions) (*v1.Foo, error)
	Update(ctx context.Context, foo *v1.Foo, opts metav1.UpdateOptions) (*v1.Foo, error)
	UpdateStatus(ctx context.Context, foo *v1.Foo, opts metav1.UpdateOptions) (*v1.Foo, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.Foo, error)
	List(ctx context.Context, opts metav1.ListOptions) (*v1.FooList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *v1.Foo, err error)
	FooExpansion
}

// FooExpansion holds hand-written methods of FooInterface.
type FooExpansion interface{}

type foos struct {
	client rest.Interface
	ns     string
}

func newFoos(c *FooV1Client, namespace string) *foos {
	return &foos{client: c.RESTClient(), ns: namespace}
}

func (c *foos) Get(ctx context.Context, name string, options metav1.GetOptions) (result *v1.Foo, err error) {
	return &v1.Foo{}, nil
}

func (c *foos) List(ctx context.Context, opts metav1.ListOptions) (result *v1.FooList, err error) {
	return &v1.FooList{}, nil
}

func (c *foos) Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error) {
	return nil, nil
}

func (c *foos) Create(ctx context.Context, foo *v1.Foo, opts metav1.CreateOptions) (result *v1.Foo, err error) {
	return foo, nil
}

func (c *foos) Update(ctx context.Context, foo *v1.Foo, opts metav1.UpdateOptions) (result *v1.Foo, err error) {
	return foo, nil
}

func (c *foos) UpdateStatus(ctx context.Context, foo *v1.Foo, opts metav1.UpdateOptions) (result *v1.Foo, err error) {
	return foo, nil
}

func (c *foos) Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error {
	return nil
}

func (c *foos) DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error {
	return nil
}

func (c *foos) Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *v1.Foo, err error) {
	return &v1.Foo{}, nil
}
