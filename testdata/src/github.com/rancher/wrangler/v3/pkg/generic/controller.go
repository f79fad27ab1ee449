// Package generic is a test stub of github.com/rancher/wrangler/v3/pkg/generic:
// the generic client, controller and cache interfaces that wrangler's
// generated controllers (pkg/generated/controllers/...) embed. Writes take
// and return the object itself, without context or options.
package generic

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
)

// ObjectHandler is a wrangler sync handler: it receives the key and the
// cached object and returns the object as it left it.
type ObjectHandler[T runtime.Object] func(string, T) (T, error)

// ClientInterface talks to the API server for one resource.
type ClientInterface[T runtime.Object, TList runtime.Object] interface {
	Create(T) (T, error)
	Update(T) (T, error)
	UpdateStatus(T) (T, error)
	Delete(namespace, name string, options *metav1.DeleteOptions) error
	Get(namespace, name string, options metav1.GetOptions) (T, error)
	List(namespace string, opts metav1.ListOptions) (TList, error)
}

// NonNamespacedClientInterface is ClientInterface for cluster-scoped resources.
type NonNamespacedClientInterface[T runtime.Object, TList runtime.Object] interface {
	Create(T) (T, error)
	Update(T) (T, error)
	UpdateStatus(T) (T, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (T, error)
	List(opts metav1.ListOptions) (TList, error)
}

// CacheInterface reads from the informer cache.
type CacheInterface[T runtime.Object] interface {
	Get(namespace, name string) (T, error)
	List(namespace string, selector labels.Selector) ([]T, error)
}

// ControllerInterface is a client plus the handler registration, the
// work queue and the informer of one resource.
type ControllerInterface[T runtime.Object, TList runtime.Object] interface {
	ClientInterface[T, TList]
	OnChange(ctx context.Context, name string, sync ObjectHandler[T])
	OnRemove(ctx context.Context, name string, sync ObjectHandler[T])
	Enqueue(namespace, name string)
	EnqueueAfter(namespace, name string, duration time.Duration)
	Cache() CacheInterface[T]
	Informer() cache.SharedIndexInformer
}
