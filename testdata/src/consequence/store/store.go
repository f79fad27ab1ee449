// Package store keeps the controllers' shared informers in a struct, as a
// datastore does: the fields' type no longer names the kind they watch,
// the store that sets them does.
package store

import (
	"k8s.io/client-go/informers"
	"k8s.io/client-go/tools/cache"
)

// Store is shared by the controllers of package fieldinformer.
type Store struct {
	ConfigMapInformer cache.SharedInformer
	// Given is an informer handed in by the caller: its kind is not in
	// view.
	Given cache.SharedInformer
}

// New builds the store from a factory.
func New(f informers.SharedInformerFactory, given cache.SharedInformer) *Store {
	configMaps := f.Core().V1().ConfigMaps()
	return &Store{ConfigMapInformer: configMaps.Informer(), Given: given}
}
