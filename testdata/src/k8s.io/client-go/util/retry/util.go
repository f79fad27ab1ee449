// Package retry is a test stub of k8s.io/client-go/util/retry.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// DefaultRetry is the backoff recommended for retrying conflicting writes.
var DefaultRetry = wait.Backoff{
	Steps:    5,
	Duration: 10 * time.Millisecond,
	Factor:   1.0,
	Jitter:   0.1,
}

// DefaultBackoff is a backoff for errors other than conflicts.
var DefaultBackoff = wait.Backoff{
	Steps:    4,
	Duration: 10 * time.Millisecond,
	Factor:   5.0,
	Jitter:   0.1,
}

// OnError runs fn again, with backoff, while it fails with an error that
// retriable accepts.
func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error {
	return fn()
}

// RetryOnConflict runs fn again, with backoff, while it fails with a
// Conflict error.
func RetryOnConflict(backoff wait.Backoff, fn func() error) error {
	return fn()
}
