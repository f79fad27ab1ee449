// Package retries holds retry helpers. It calls client-go's retry package,
// so the model walks it in full and exports a RetriesFact for every
// exported function that runs its func argument inside a conflict retry.
package retries

import (
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
)

// OnConflict hands fn straight to RetryOnConflict.
func OnConflict(fn func() error) error { // want OnConflict:`^retries\(param 0\)$`
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

// OnNotFound has the same shape, but its retry tests for NotFound: a
// Conflict ends it at once, so fn is no retry scope and there is no fact.
func OnNotFound(fn func() error) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsNotFound, fn)
}

// Named retries through OnConflict: the helper of a helper is one too, at
// the index of its own func parameter.
func Named(name string, fn func() error) error { // want Named:`^retries\(param 1\)$`
	return OnConflict(fn)
}

// onConflict retries like OnConflict, but no other package can call it:
// facts are for exported functions only.
func onConflict(fn func() error) error {
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

var _ = onConflict
