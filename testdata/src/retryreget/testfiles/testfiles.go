// Package testfiles declares a retry helper that only its tests use: the
// stale retry in the test file is found in the default mode too, where
// the model walks a test file only when the tests name a retry.
package testfiles

import "k8s.io/client-go/util/retry"

func withRetry(fn func() error) error { return retry.RetryOnConflict(retry.DefaultRetry, fn) }
