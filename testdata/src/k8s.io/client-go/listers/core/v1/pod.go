package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// PodLister reads Pods from an informer cache.
type PodLister interface {
	List(selector labels.Selector) (ret []*corev1.Pod, err error)
	Pods(namespace string) PodNamespaceLister
}

// PodNamespaceLister reads Pods of one namespace from an informer cache.
type PodNamespaceLister interface {
	List(selector labels.Selector) (ret []*corev1.Pod, err error)
	Get(name string) (*corev1.Pod, error)
}

// NewPodLister returns a lister over indexer.
func NewPodLister(indexer cache.Indexer) PodLister { return nil }
