package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// ServiceLister reads Services from an informer cache.
type ServiceLister interface {
	List(selector labels.Selector) (ret []*corev1.Service, err error)
}
