// Package client is a test stub of sigs.k8s.io/controller-runtime/pkg/client.
package client

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/cache/cacheapi"
)

// Object is a Kubernetes object with metadata.
type Object = cacheapi.Object

// ObjectList is a list of Kubernetes objects.
type ObjectList interface {
	metav1.ListInterface
	runtime.Object
}

// ObjectKey names an object.
type ObjectKey = types.NamespacedName

// ObjectKeyFromObject returns the key of obj.
func ObjectKeyFromObject(obj Object) ObjectKey {
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

// Patch computes a patch body for an object.
type Patch interface {
	Type() types.PatchType
	Data(obj Object) ([]byte, error)
}

// Reader reads objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
	List(ctx context.Context, list ObjectList, opts ...ListOption) error
}

// Writer writes objects.
type Writer interface {
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...ApplyOption) error
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
	DeleteAllOf(ctx context.Context, obj Object, opts ...DeleteAllOfOption) error
}

// StatusClient reaches the status subresource.
type StatusClient interface {
	Status() SubResourceWriter
}

// SubResourceClientConstructor reaches any subresource.
type SubResourceClientConstructor interface {
	SubResource(subResource string) SubResourceClient
}

// StatusWriter writes the status subresource.
type StatusWriter = SubResourceWriter

// SubResourceReader reads a subresource.
type SubResourceReader interface {
	Get(ctx context.Context, obj Object, subResource Object, opts ...SubResourceGetOption) error
}

// SubResourceWriter writes a subresource.
type SubResourceWriter interface {
	Create(ctx context.Context, obj Object, subResource Object, opts ...SubResourceCreateOption) error
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...SubResourceApplyOption) error
}

// SubResourceClient reads and writes a subresource.
type SubResourceClient interface {
	SubResourceReader
	SubResourceWriter
}

// Client reads and writes objects and their subresources.
type Client interface {
	Reader
	Writer
	StatusClient
	SubResourceClientConstructor

	Scheme() *runtime.Scheme
	RESTMapper() meta.RESTMapper
	GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error)
	IsObjectNamespaced(obj runtime.Object) (bool, error)
}

// WithWatch is a Client that can also watch.
type WithWatch interface {
	Client
	Watch(ctx context.Context, obj ObjectList, opts ...ListOption) (watch.Interface, error)
}

// IndexerFunc computes the index values of an object.
type IndexerFunc = cacheapi.IndexerFunc

// FieldIndexer adds field indexes to a cache.
type FieldIndexer = cacheapi.FieldIndexer

// IgnoreNotFound returns nil for a NotFound error and err otherwise.
func IgnoreNotFound(err error) error {
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// IgnoreAlreadyExists returns nil for an AlreadyExists error and err otherwise.
func IgnoreAlreadyExists(err error) error {
	if apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}
