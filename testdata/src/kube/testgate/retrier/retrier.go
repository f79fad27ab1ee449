// Package retrier declares a retry helper that is a method: a package
// can call it without importing this one.
package retrier

import "k8s.io/client-go/util/retry"

type Retrier struct{}

// Do runs fn again on a Conflict.
func (*Retrier) Do(fn func() error) error { return retry.RetryOnConflict(retry.DefaultRetry, fn) }
