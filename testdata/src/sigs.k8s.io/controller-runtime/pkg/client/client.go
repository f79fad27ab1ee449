package client

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
)

// Options configures New.
type Options struct {
	Scheme *runtime.Scheme
	Mapper meta.RESTMapper
	// FieldOwner, when set, is the field manager of every write.
	FieldOwner string
}

// NewClientFunc builds a Client.
type NewClientFunc func(config *rest.Config, options Options) (Client, error)

// New returns a client that talks to the API server directly.
func New(config *rest.Config, options Options) (Client, error) {
	return &client{scheme: options.Scheme, mapper: options.Mapper}, nil
}

// NewWithWatch returns a client that can also watch.
func NewWithWatch(config *rest.Config, options Options) (WithWatch, error) {
	return nil, nil
}

var _ Client = &client{}

type client struct {
	scheme *runtime.Scheme
	mapper meta.RESTMapper
}

func (c *client) Scheme() *runtime.Scheme     { return c.scheme }
func (c *client) RESTMapper() meta.RESTMapper { return c.mapper }

func (c *client) GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error) {
	return schema.GroupVersionKind{}, nil
}

func (c *client) IsObjectNamespaced(obj runtime.Object) (bool, error) { return true, nil }

func (c *client) Create(ctx context.Context, obj Object, opts ...CreateOption) error { return nil }
func (c *client) Update(ctx context.Context, obj Object, opts ...UpdateOption) error { return nil }
func (c *client) Delete(ctx context.Context, obj Object, opts ...DeleteOption) error { return nil }

func (c *client) DeleteAllOf(ctx context.Context, obj Object, opts ...DeleteAllOfOption) error {
	return nil
}

func (c *client) Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error {
	return nil
}

func (c *client) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...ApplyOption) error {
	return nil
}

func (c *client) Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error {
	return nil
}

func (c *client) List(ctx context.Context, obj ObjectList, opts ...ListOption) error { return nil }

func (c *client) Status() SubResourceWriter { return c.SubResource("status") }

func (c *client) SubResource(subResource string) SubResourceClient {
	return &subResourceClient{client: c, subResource: subResource}
}

type subResourceClient struct {
	client      *client
	subResource string
}

var _ SubResourceClient = &subResourceClient{}

func (sc *subResourceClient) Get(ctx context.Context, obj Object, subResource Object, opts ...SubResourceGetOption) error {
	return nil
}

func (sc *subResourceClient) Create(ctx context.Context, obj Object, subResource Object, opts ...SubResourceCreateOption) error {
	return nil
}

func (sc *subResourceClient) Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error {
	return nil
}

func (sc *subResourceClient) Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error {
	return nil
}

func (sc *subResourceClient) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...SubResourceApplyOption) error {
	return nil
}
