// Package fake is a test stub of sigs.k8s.io/controller-runtime/pkg/client/fake.
package fake

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// NewFakeClient returns an in-memory client holding initObjs.
func NewFakeClient(initObjs ...runtime.Object) client.WithWatch {
	return NewClientBuilder().WithRuntimeObjects(initObjs...).Build()
}

// NewClientBuilder starts building an in-memory client.
func NewClientBuilder() *ClientBuilder { return &ClientBuilder{} }

// ClientBuilder builds an in-memory client.
type ClientBuilder struct {
	scheme          *runtime.Scheme
	initObject      []client.Object
	initRuntimeObjs []runtime.Object
	withStatus      []client.Object
}

// WithScheme sets the scheme.
func (f *ClientBuilder) WithScheme(scheme *runtime.Scheme) *ClientBuilder {
	f.scheme = scheme
	return f
}

// WithObjects adds initial objects.
func (f *ClientBuilder) WithObjects(initObjs ...client.Object) *ClientBuilder {
	f.initObject = append(f.initObject, initObjs...)
	return f
}

// WithLists adds the items of initial lists.
func (f *ClientBuilder) WithLists(initLists ...client.ObjectList) *ClientBuilder { return f }

// WithRuntimeObjects adds initial objects.
func (f *ClientBuilder) WithRuntimeObjects(initRuntimeObjs ...runtime.Object) *ClientBuilder {
	f.initRuntimeObjs = append(f.initRuntimeObjs, initRuntimeObjs...)
	return f
}

// WithStatusSubresource marks the types of o as having a status subresource.
func (f *ClientBuilder) WithStatusSubresource(o ...client.Object) *ClientBuilder {
	f.withStatus = append(f.withStatus, o...)
	return f
}

// WithIndex registers a field index.
func (f *ClientBuilder) WithIndex(obj runtime.Object, field string, extractValue client.IndexerFunc) *ClientBuilder {
	return f
}

// Build returns the client.
func (f *ClientBuilder) Build() client.WithWatch { return &fakeClient{scheme: f.scheme} }

type fakeClient struct {
	scheme *runtime.Scheme
}

var _ client.WithWatch = &fakeClient{}

func (c *fakeClient) Scheme() *runtime.Scheme     { return c.scheme }
func (c *fakeClient) RESTMapper() meta.RESTMapper { return nil }

func (c *fakeClient) GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error) {
	return schema.GroupVersionKind{}, nil
}

func (c *fakeClient) IsObjectNamespaced(obj runtime.Object) (bool, error) { return true, nil }

func (c *fakeClient) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	return nil
}

func (c *fakeClient) List(ctx context.Context, obj client.ObjectList, opts ...client.ListOption) error {
	return nil
}

func (c *fakeClient) Watch(ctx context.Context, list client.ObjectList, opts ...client.ListOption) (watch.Interface, error) {
	return nil, nil
}

func (c *fakeClient) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	return nil
}

func (c *fakeClient) Delete(ctx context.Context, obj client.Object, opts ...client.DeleteOption) error {
	return nil
}

func (c *fakeClient) DeleteAllOf(ctx context.Context, obj client.Object, opts ...client.DeleteAllOfOption) error {
	return nil
}

func (c *fakeClient) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	return nil
}

func (c *fakeClient) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
	return nil
}

func (c *fakeClient) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.ApplyOption) error {
	return nil
}

func (c *fakeClient) Status() client.SubResourceWriter { return c.SubResource("status") }

func (c *fakeClient) SubResource(subResource string) client.SubResourceClient {
	return &fakeSubResourceClient{client: c}
}

type fakeSubResourceClient struct {
	client *fakeClient
}

func (sw *fakeSubResourceClient) Get(ctx context.Context, obj, subResource client.Object, opts ...client.SubResourceGetOption) error {
	return nil
}

func (sw *fakeSubResourceClient) Create(ctx context.Context, obj client.Object, subResource client.Object, opts ...client.SubResourceCreateOption) error {
	return nil
}

func (sw *fakeSubResourceClient) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	return nil
}

func (sw *fakeSubResourceClient) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
	return nil
}

func (sw *fakeSubResourceClient) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.SubResourceApplyOption) error {
	return nil
}
