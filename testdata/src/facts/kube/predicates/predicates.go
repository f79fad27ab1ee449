// Package predicates holds error predicates. It names object types
// (through apierrors) but no client package, so the model does not walk
// it; it still exports a ConflictTestFact for every exported function of
// an error that answers a bool its body decides on a Conflict.
package predicates

import (
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// IsStale is apierrors.IsConflict under another name.
func IsStale(err error) bool { // want IsStale:`^conflictTest\(param 0, holds true, IsConflict\)$`
	return apierrors.IsConflict(err)
}

// IsMissing is false on a Conflict.
func IsMissing(err error) bool { // want IsMissing:`^conflictTest\(param 0, holds false\)$`
	return apierrors.IsNotFound(err)
}

// Retryable's answer on a Conflict depends on attempts: no fact.
func Retryable(err error, attempts int) bool {
	return apierrors.IsConflict(err) && attempts < 5
}
