// Package predicate is a test stub of sigs.k8s.io/controller-runtime/pkg/predicate.
package predicate

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
