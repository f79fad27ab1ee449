// Package v1 is a test stub of k8s.io/client-go/informers/core/v1.
package v1

import (
	"k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
)

// Interface gives the core/v1 informers.
type Interface interface {
	ConfigMaps() ConfigMapInformer
	Secrets() SecretInformer
	Services() ServiceInformer
}

// ConfigMapInformer is the shared informer of ConfigMaps.
type ConfigMapInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() v1.ConfigMapLister
}

// SecretInformer is the shared informer of Secrets.
type SecretInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() v1.SecretLister
}

// ServiceInformer is the shared informer of Services.
type ServiceInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() v1.ServiceLister
}
