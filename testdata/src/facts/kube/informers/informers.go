// Package informers keeps shared informers in a struct, as a datastore
// does; it has no write, so the model does not walk it. A field's type no
// longer names the kind it watches, so the package exports an
// InformerKindFact for every field that each store sets to a typed
// informer's Informer().
package informers

import (
	"k8s.io/client-go/informers"
	"k8s.io/client-go/tools/cache"
)

// Informers is shared by controllers of other packages.
type Informers struct {
	ConfigMaps cache.SharedIndexInformer // want ConfigMaps:`^informer\(k8s\.io/api/core/v1\.ConfigMap\)$`
	// Given is whatever the caller passed: its kind is not in view, so
	// no fact.
	Given cache.SharedInformer
}

// New sets the fields.
func New(f informers.SharedInformerFactory, given cache.SharedInformer) *Informers {
	return &Informers{
		ConfigMaps: f.Core().V1().ConfigMaps().Informer(),
		Given:      given,
	}
}
