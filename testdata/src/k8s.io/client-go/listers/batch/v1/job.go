// Package v1 is a test stub of k8s.io/client-go/listers/batch/v1.
package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// JobLister reads Jobs from an informer cache.
type JobLister interface {
	List(selector labels.Selector) (ret []*batchv1.Job, err error)
	Jobs(namespace string) JobNamespaceLister
	JobListerExpansion
}

// JobListerExpansion holds hand-written methods of JobLister.
type JobListerExpansion interface{}

// JobNamespaceLister reads Jobs of one namespace from an informer cache.
type JobNamespaceLister interface {
	List(selector labels.Selector) (ret []*batchv1.Job, err error)
	Get(name string) (*batchv1.Job, error)
	JobNamespaceListerExpansion
}

// JobNamespaceListerExpansion holds hand-written methods of JobNamespaceLister.
type JobNamespaceListerExpansion interface{}

// NewJobLister returns a lister over indexer.
func NewJobLister(indexer cache.Indexer) JobLister {
	return &jobLister{indexer: indexer}
}

type jobLister struct {
	indexer cache.Indexer
}

func (l *jobLister) List(selector labels.Selector) ([]*batchv1.Job, error) {
	return nil, nil
}

func (l *jobLister) Jobs(namespace string) JobNamespaceLister {
	return &jobNamespaceLister{indexer: l.indexer, namespace: namespace}
}

type jobNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (l *jobNamespaceLister) List(selector labels.Selector) ([]*batchv1.Job, error) {
	return nil, nil
}

func (l *jobNamespaceLister) Get(name string) (*batchv1.Job, error) {
	return &batchv1.Job{}, nil
}
