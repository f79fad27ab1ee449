// Package gentype is a test stub of k8s.io/client-go/gentype, the generic
// base of the typed clientsets.
package gentype

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
)

type objectWithMeta interface {
	runtime.Object
	metav1.Object
}

type namedObject interface {
	comparable
	GetName() *string
}

// Client is a typed client for one resource.
type Client[T objectWithMeta] struct {
	resource  string
	client    rest.Interface
	namespace string
	newObject func() T
}

// ClientWithList adds List to Client.
type ClientWithList[T objectWithMeta, L runtime.Object] struct {
	*Client[T]
	alsoLister[T, L]
}

// ClientWithApply adds Apply to Client.
type ClientWithApply[T objectWithMeta, C namedObject] struct {
	*Client[T]
	alsoApplier[T, C]
}

// ClientWithListAndApply adds List and Apply to Client.
type ClientWithListAndApply[T objectWithMeta, L runtime.Object, C namedObject] struct {
	*Client[T]
	alsoLister[T, L]
	alsoApplier[T, C]
}

type alsoLister[T objectWithMeta, L runtime.Object] struct {
	client  *Client[T]
	newList func() L
}

type alsoApplier[T objectWithMeta, C namedObject] struct {
	client *Client[T]
}

// Option configures a Client.
type Option[T objectWithMeta] func(*Client[T])

// PrefersProtobuf asks for protobuf encoding.
func PrefersProtobuf[T objectWithMeta]() Option[T] { return func(*Client[T]) {} }

// NewClient returns a client for resource.
func NewClient[T objectWithMeta](
	resource string, client rest.Interface, parameterCodec runtime.ParameterCodec, namespace string, emptyObjectCreator func() T,
	options ...Option[T],
) *Client[T] {
	return &Client[T]{resource: resource, client: client, namespace: namespace, newObject: emptyObjectCreator}
}

// NewClientWithList returns a client for resource that can list.
func NewClientWithList[T objectWithMeta, L runtime.Object](
	resource string, client rest.Interface, parameterCodec runtime.ParameterCodec, namespace string, emptyObjectCreator func() T,
	emptyListCreator func() L, options ...Option[T],
) *ClientWithList[T, L] {
	c := NewClient[T](resource, client, parameterCodec, namespace, emptyObjectCreator, options...)
	return &ClientWithList[T, L]{c, alsoLister[T, L]{c, emptyListCreator}}
}

// NewClientWithApply returns a client for resource that can apply.
func NewClientWithApply[T objectWithMeta, C namedObject](
	resource string, client rest.Interface, parameterCodec runtime.ParameterCodec, namespace string, emptyObjectCreator func() T,
	options ...Option[T],
) *ClientWithApply[T, C] {
	c := NewClient[T](resource, client, parameterCodec, namespace, emptyObjectCreator, options...)
	return &ClientWithApply[T, C]{c, alsoApplier[T, C]{c}}
}

// NewClientWithListAndApply returns a client for resource that can list and apply.
func NewClientWithListAndApply[T objectWithMeta, L runtime.Object, C namedObject](
	resource string, client rest.Interface, parameterCodec runtime.ParameterCodec, namespace string, emptyObjectCreator func() T,
	emptyListCreator func() L, options ...Option[T],
) *ClientWithListAndApply[T, L, C] {
	c := NewClient[T](resource, client, parameterCodec, namespace, emptyObjectCreator, options...)
	return &ClientWithListAndApply[T, L, C]{c, alsoLister[T, L]{c, emptyListCreator}, alsoApplier[T, C]{c}}
}

// GetClient returns the underlying REST client.
func (c *Client[T]) GetClient() rest.Interface { return c.client }

// GetNamespace returns the namespace the client is bound to.
func (c *Client[T]) GetNamespace() string { return c.namespace }

// Get reads the named object.
func (c *Client[T]) Get(ctx context.Context, name string, options metav1.GetOptions) (T, error) {
	return c.newObject(), nil
}

// List reads every object.
func (l *alsoLister[T, L]) List(ctx context.Context, opts metav1.ListOptions) (L, error) {
	return l.newList(), nil
}

// Watch starts a watch.
func (c *Client[T]) Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error) {
	return nil, nil
}

// Create creates obj.
func (c *Client[T]) Create(ctx context.Context, obj T, opts metav1.CreateOptions) (T, error) {
	return obj, nil
}

// Update replaces obj; it fails with Conflict when obj's resourceVersion is stale.
func (c *Client[T]) Update(ctx context.Context, obj T, opts metav1.UpdateOptions) (T, error) {
	return obj, nil
}

// UpdateStatus replaces obj's status; it fails with Conflict when obj's resourceVersion is stale.
func (c *Client[T]) UpdateStatus(ctx context.Context, obj T, opts metav1.UpdateOptions) (T, error) {
	return obj, nil
}

// Delete deletes the named object.
func (c *Client[T]) Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error {
	return nil
}

// DeleteCollection deletes every matching object.
func (l *alsoLister[T, L]) DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error {
	return nil
}

// Patch patches the named object.
func (c *Client[T]) Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (T, error) {
	return c.newObject(), nil
}

// Apply applies obj with server-side apply.
func (a *alsoApplier[T, C]) Apply(ctx context.Context, obj C, opts metav1.ApplyOptions) (T, error) {
	return a.client.newObject(), nil
}

// ApplyStatus applies obj's status with server-side apply.
func (a *alsoApplier[T, C]) ApplyStatus(ctx context.Context, obj C, opts metav1.ApplyOptions) (T, error) {
	return a.client.newObject(), nil
}
