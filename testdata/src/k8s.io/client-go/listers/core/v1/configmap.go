// Package v1 is a test stub of k8s.io/client-go/listers/core/v1.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// ConfigMapLister reads ConfigMaps from an informer cache.
type ConfigMapLister interface {
	List(selector labels.Selector) (ret []*corev1.ConfigMap, err error)
	ConfigMaps(namespace string) ConfigMapNamespaceLister
	ConfigMapListerExpansion
}

// ConfigMapListerExpansion holds hand-written methods of ConfigMapLister.
type ConfigMapListerExpansion interface{}

// ConfigMapNamespaceLister reads ConfigMaps of one namespace from an informer cache.
type ConfigMapNamespaceLister interface {
	List(selector labels.Selector) (ret []*corev1.ConfigMap, err error)
	Get(name string) (*corev1.ConfigMap, error)
	ConfigMapNamespaceListerExpansion
}

// ConfigMapNamespaceListerExpansion holds hand-written methods of ConfigMapNamespaceLister.
type ConfigMapNamespaceListerExpansion interface{}

// NewConfigMapLister returns a lister over indexer.
func NewConfigMapLister(indexer cache.Indexer) ConfigMapLister {
	return &configMapLister{indexer: indexer}
}

type configMapLister struct {
	indexer cache.Indexer
}

func (l *configMapLister) List(selector labels.Selector) ([]*corev1.ConfigMap, error) {
	return nil, nil
}

func (l *configMapLister) ConfigMaps(namespace string) ConfigMapNamespaceLister {
	return &configMapNamespaceLister{indexer: l.indexer, namespace: namespace}
}

type configMapNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (l *configMapNamespaceLister) List(selector labels.Selector) ([]*corev1.ConfigMap, error) {
	return nil, nil
}

func (l *configMapNamespaceLister) Get(name string) (*corev1.ConfigMap, error) {
	return &corev1.ConfigMap{}, nil
}
