// Package signalwatch hands out a channel that its handler signals on
// every ConfigMap change, and writes nothing: the model does not walk
// it, and it still exports Watch's SignalChannelFact for the controllers
// that loop on the channel. Look-alike: a channel no handler signals.
package signalwatch

import (
	"k8s.io/client-go/informers"
	"k8s.io/client-go/tools/cache"
)

func Watch(factory informers.SharedInformerFactory) <-chan struct{} { // want Watch:`^signalChannel\(result 0, \[k8s\.io/api/core/v1\.ConfigMap\]\)$`
	ch := make(chan struct{}, 1)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, _ interface{}) {
			select {
			case ch <- struct{}{}:
			default:
			}
		},
	})
	return ch
}

// Unsignalled returns a channel its handler never sends into.
func Unsignalled(factory informers.SharedInformerFactory) <-chan struct{} {
	ch := make(chan struct{}, 1)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, _ interface{}) {},
	})
	return ch
}
