// Package resync builds informer factories, without a write, so the model
// does not walk it; it still exports a ResyncFact for every exported
// function that sets up a constant resync period.
package resync

import (
	"time"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
)

// Factory resyncs every ten minutes.
func Factory(cs kubernetes.Interface) informers.SharedInformerFactory { // want Factory:`^resync\(10m0s\)$`
	return informers.NewSharedInformerFactory(cs, 10*time.Minute)
}

// FactoryWithoutResync passes 0, which turns the resync off: no fact.
func FactoryWithoutResync(cs kubernetes.Interface) informers.SharedInformerFactory {
	return informers.NewSharedInformerFactory(cs, 0)
}
