// Package informers builds the program's informer factory with the resync
// period its caller gives: the period is in package app, which calls it.
package informers

import (
	"time"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
)

// NewFactory is the program's one factory.
func NewFactory(cs kubernetes.Interface, resync time.Duration) informers.SharedInformerFactory {
	return informers.NewSharedInformerFactory(cs, resync)
}
