// Package informers is a test stub of k8s.io/client-go/informers.
package informers

import (
	"time"

	corev1 "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes"
)

// SharedInformerFactory hands out shared informers.
type SharedInformerFactory interface {
	Core() Core
	Start(stopCh <-chan struct{})
}

// Core gives the core group's versions.
type Core interface{ V1() corev1.Interface }

// SharedInformerOption configures a factory.
type SharedInformerOption func(SharedInformerFactory) SharedInformerFactory

// NewSharedInformerFactory returns a factory whose informers resync every
// defaultResync (0: never).
func NewSharedInformerFactory(client kubernetes.Interface, defaultResync time.Duration) SharedInformerFactory {
	return nil
}

// NewSharedInformerFactoryWithOptions is NewSharedInformerFactory with options.
func NewSharedInformerFactoryWithOptions(client kubernetes.Interface, defaultResync time.Duration, options ...SharedInformerOption) SharedInformerFactory {
	return nil
}
