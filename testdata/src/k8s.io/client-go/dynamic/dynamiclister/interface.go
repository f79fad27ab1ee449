// Package dynamiclister is a test stub of k8s.io/client-go/dynamic/dynamiclister.
package dynamiclister

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/tools/cache"
)

// Lister reads unstructured objects from an informer cache.
type Lister interface {
	List(selector labels.Selector) (ret []*unstructured.Unstructured, err error)
	Get(name string) (*unstructured.Unstructured, error)
	Namespace(namespace string) NamespaceLister
}

// NamespaceLister reads the unstructured objects of one namespace.
type NamespaceLister interface {
	List(selector labels.Selector) (ret []*unstructured.Unstructured, err error)
	Get(name string) (*unstructured.Unstructured, error)
}

// New returns a lister over indexer for resource gvr.
func New(indexer cache.Indexer, gvr schema.GroupVersionResource) Lister { return nil }
