// Package v1 holds listers for foo.example.com/v1, shaped like
// code-generator output.
package v1

import (
	v1 "example.com/foo-operator/pkg/apis/foo/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// FooLister reads Foos from an informer cache.
type FooLister interface {
	List(selector labels.Selector) (ret []*v1.Foo, err error)
	Foos(namespace string) FooNamespaceLister
}

// FooNamespaceLister reads Foos of one namespace from an informer cache.
type FooNamespaceLister interface {
	List(selector labels.Selector) (ret []*v1.Foo, err error)
	Get(name string) (*v1.Foo, error)
}

// NewFooLister returns a lister over indexer.
func NewFooLister(indexer cache.Indexer) FooLister { return &fooLister{indexer: indexer} }

type fooLister struct {
	indexer cache.Indexer
}

func (l *fooLister) List(selector labels.Selector) ([]*v1.Foo, error) { return nil, nil }

func (l *fooLister) Foos(namespace string) FooNamespaceLister {
	return &fooNamespaceLister{indexer: l.indexer, namespace: namespace}
}

type fooNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (l *fooNamespaceLister) List(selector labels.Selector) ([]*v1.Foo, error) { return nil, nil }

func (l *fooNamespaceLister) Get(name string) (*v1.Foo, error) { return &v1.Foo{}, nil }
