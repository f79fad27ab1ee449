// Package via sets up its resync through package resync: the period
// reaches it as resync's fact, and it exports its own.
package via

import (
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"

	"facts/kube/resync"
)

// Factory calls a function with a ResyncFact.
func Factory(cs kubernetes.Interface) informers.SharedInformerFactory { // want Factory:`^resync\(10m0s\)$`
	return resync.Factory(cs)
}

// FactoryWithoutResync calls one without: no fact.
func FactoryWithoutResync(cs kubernetes.Interface) informers.SharedInformerFactory {
	return resync.FactoryWithoutResync(cs)
}
