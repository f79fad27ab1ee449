// Package errors is a test stub of k8s.io/apimachinery/pkg/util/errors.
package errors

// Aggregate is an error made of several errors.
type Aggregate interface {
	error
	Errors() []error
	Is(error) bool
}

// NewAggregate joins errs, or returns nil when there are none.
func NewAggregate(errlist []error) Aggregate { return nil }

// Flatten unwraps nested aggregates.
func Flatten(agg Aggregate) Aggregate { return agg }
