// Package ctrlwrap wraps controller-runtime's controller in a type of its
// own whose WatchObject hands its object and handler to source.Kind and
// the source to Watch (the tigera operator's ctrlruntime package). Its
// importers hold the interface, of which the wrapper is the one
// implementation here. Record looks the same from outside and watches
// nothing.
package ctrlwrap

import (
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Controller is a controller with watches of objects.
type Controller interface {
	controller.Controller
	WatchObject(obj client.Object, h handler.EventHandler, preds ...predicate.Predicate) error
	Record(obj client.Object, h handler.EventHandler) error
}

type wrapped struct {
	controller.Controller
	cache   cache.Cache
	records []client.Object
}

// NewController makes a controller of mgr with options, watching through c.
func NewController(name string, mgr manager.Manager, c cache.Cache, options controller.Options) (Controller, error) {
	ctl, err := controller.New(name, mgr, options)
	if err != nil {
		return nil, err
	}
	return &wrapped{Controller: ctl, cache: c}, nil
}

func (w *wrapped) WatchObject(obj client.Object, h handler.EventHandler, preds ...predicate.Predicate) error {
	return w.Watch(source.Kind(w.cache, obj, h, preds...))
}

func (w *wrapped) Record(obj client.Object, h handler.EventHandler) error {
	w.records = append(w.records, obj)
	return nil
}
