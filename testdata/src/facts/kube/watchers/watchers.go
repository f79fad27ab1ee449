// Package watchers wraps controller-runtime's Watch in methods of its own
// controller type. It has no write, so the model does not walk it; a
// method that hands its object and handler to source.Kind and the source
// to its receiver's Watch exports a WatchesFact, and so does the method of
// the one interface the type alone implements here. A method that builds
// its own source, or watches a fixed kind, does not.
package watchers

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Watcher is a controller with watches of objects.
type Watcher interface {
	Watch(src source.Source) error
	WatchObject(obj client.Object, h handler.EventHandler, preds ...predicate.Predicate) error // want WatchObject:`^watches\(object 0, handler 1, predicates 2, filtered false\)$`
	WatchSpec(obj client.Object, h handler.EventHandler) error                                 // want WatchSpec:`^watches\(object 0, handler 1, predicates -1, filtered true\)$`
}

// Controller wraps a controller and the cache its watches use.
type Controller struct {
	controller.Controller
	Cache cache.Cache
}

func (c *Controller) WatchObject(obj client.Object, h handler.EventHandler, preds ...predicate.Predicate) error { // want WatchObject:`^watches\(object 0, handler 1, predicates 2, filtered false\)$`
	return c.Watch(source.Kind(c.Cache, obj, h, preds...))
}

func (c *Controller) WatchSpec(obj client.Object, h handler.EventHandler) error { // want WatchSpec:`^watches\(object 0, handler 1, predicates -1, filtered true\)$`
	return c.Controller.Watch(source.Kind(c.Cache, obj, h, predicate.GenerationChangedPredicate{}))
}

// WatchPods watches a kind of its own choosing: no fact.
func (c *Controller) WatchPods(h handler.EventHandler) error {
	return c.Watch(source.Kind(c.Cache, &corev1.Pod{}, h))
}

// Later keeps the source for another controller: no fact.
func (c *Controller) Later(obj client.Object, h handler.EventHandler, other controller.Controller) error {
	return other.Watch(source.Kind(c.Cache, obj, h))
}
