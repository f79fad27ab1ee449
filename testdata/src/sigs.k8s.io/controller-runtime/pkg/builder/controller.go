// Package builder is a test stub of sigs.k8s.io/controller-runtime/pkg/builder.
package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Builder wires a Reconciler into a manager.
type Builder = TypedBuilder[reconcile.Request]

// TypedBuilder wires a TypedReconciler into a manager.
type TypedBuilder[request comparable] struct {
	mgr     manager.Manager
	forObj  client.Object
	owns    []client.Object
	watches []handler.TypedEventHandler[client.Object, request]
	name    string
}

// ForOption configures For.
type ForOption interface{ ApplyToFor(*ForInput) }

// OwnsOption configures Owns.
type OwnsOption interface{ ApplyToOwns(*OwnsInput) }

// WatchesOption configures Watches.
type WatchesOption interface{ ApplyToWatches(untypedWatchesInput) }

type untypedWatchesInput interface{}

// ForInput holds the settings of For.
type ForInput struct{ object client.Object }

// OwnsInput holds the settings of Owns.
type OwnsInput struct{ object client.Object }

// ControllerManagedBy starts a builder for m.
func ControllerManagedBy(m manager.Manager) *Builder { return &Builder{mgr: m} }

// TypedControllerManagedBy starts a typed builder for m.
func TypedControllerManagedBy[request comparable](m manager.Manager) *TypedBuilder[request] {
	return &TypedBuilder[request]{mgr: m}
}

// For sets the reconciled type.
func (blder *TypedBuilder[request]) For(object client.Object, opts ...ForOption) *TypedBuilder[request] {
	blder.forObj = object
	return blder
}

// Owns watches objects owned by the reconciled type.
func (blder *TypedBuilder[request]) Owns(object client.Object, opts ...OwnsOption) *TypedBuilder[request] {
	blder.owns = append(blder.owns, object)
	return blder
}

// Watches watches object with eventHandler.
func (blder *TypedBuilder[request]) Watches(object client.Object, eventHandler handler.TypedEventHandler[client.Object, request], opts ...WatchesOption) *TypedBuilder[request] {
	blder.watches = append(blder.watches, eventHandler)
	return blder
}

// Named sets the controller name.
func (blder *TypedBuilder[request]) Named(name string) *TypedBuilder[request] {
	blder.name = name
	return blder
}

// Complete builds the controller and adds it to the manager.
func (blder *TypedBuilder[request]) Complete(r reconcile.TypedReconciler[request]) error {
	return nil
}

// WithEventFilter filters every event of the controller through p.
func (blder *TypedBuilder[request]) WithEventFilter(p predicate.Predicate) *TypedBuilder[request] {
	return blder
}

// Predicates is an option of For, Owns and Watches that filters their events.
type Predicates struct{ predicates []predicate.Predicate }

func (p Predicates) ApplyToFor(*ForInput)               {}
func (p Predicates) ApplyToOwns(*OwnsInput)             {}
func (p Predicates) ApplyToWatches(untypedWatchesInput) {}

// WithPredicates filters the events of one For, Owns or Watches.
func WithPredicates(predicates ...predicate.Predicate) Predicates {
	return Predicates{predicates: predicates}
}

// MatchEveryOwner makes Owns notify every owner of the object, not only
// its controller: it drops no event.
var MatchEveryOwner = &matchEveryOwner{}

type matchEveryOwner struct{}

func (matchEveryOwner) ApplyToOwns(*OwnsInput) {}
