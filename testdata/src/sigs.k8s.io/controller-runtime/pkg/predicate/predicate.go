// Package predicate is a test stub of sigs.k8s.io/controller-runtime/pkg/predicate.
package predicate

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

// Predicate filters events before they reach a reconciler.
type Predicate interface{ Generic() bool }

// GenerationChangedPredicate passes updates that change the generation
// (not status-only changes).
type GenerationChangedPredicate struct{}

// Generic passes.
func (GenerationChangedPredicate) Generic() bool { return true }

// ResourceVersionChangedPredicate passes updates that change the
// resourceVersion.
type ResourceVersionChangedPredicate struct{}

// Generic passes.
func (ResourceVersionChangedPredicate) Generic() bool { return true }

// TypedFuncs filters events with the funcs it holds; a nil func passes.
type TypedFuncs[object any] struct {
	CreateFunc  func(event.TypedCreateEvent[object]) bool
	DeleteFunc  func(event.TypedDeleteEvent[object]) bool
	UpdateFunc  func(event.TypedUpdateEvent[object]) bool
	GenericFunc func(event.TypedGenericEvent[object]) bool
}

// Funcs filters events of any object.
type Funcs = TypedFuncs[client.Object]

// Generic passes.
func (TypedFuncs[object]) Generic() bool { return true }
