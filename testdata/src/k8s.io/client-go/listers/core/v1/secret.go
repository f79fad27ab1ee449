package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// SecretLister reads Secrets from an informer cache.
type SecretLister interface {
	List(selector labels.Selector) (ret []*corev1.Secret, err error)
	Secrets(namespace string) SecretNamespaceLister
	SecretListerExpansion
}

// SecretListerExpansion holds hand-written methods of SecretLister.
type SecretListerExpansion interface{}

// SecretNamespaceLister reads Secrets of one namespace from an informer cache.
type SecretNamespaceLister interface {
	List(selector labels.Selector) (ret []*corev1.Secret, err error)
	Get(name string) (*corev1.Secret, error)
	SecretNamespaceListerExpansion
}

// SecretNamespaceListerExpansion holds hand-written methods of SecretNamespaceLister.
type SecretNamespaceListerExpansion interface{}

// NewSecretLister returns a lister over indexer.
func NewSecretLister(indexer cache.Indexer) SecretLister {
	return &secretLister{indexer: indexer}
}

type secretLister struct {
	indexer cache.Indexer
}

func (l *secretLister) List(selector labels.Selector) ([]*corev1.Secret, error) {
	return nil, nil
}

func (l *secretLister) Secrets(namespace string) SecretNamespaceLister {
	return &secretNamespaceLister{indexer: l.indexer, namespace: namespace}
}

type secretNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (l *secretNamespaceLister) List(selector labels.Selector) ([]*corev1.Secret, error) {
	return nil, nil
}

func (l *secretNamespaceLister) Get(name string) (*corev1.Secret, error) {
	return &corev1.Secret{}, nil
}
