// Package retries is a project's retry helpers that retry only the
// failures a predicate the caller gives holds for, as
// security-profiles-operator's util.Retry and util.RetryEx do.
package retries

import (
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

// IsNotFoundOrConflict holds on a Conflict.
func IsNotFoundOrConflict(err error) bool {
	return apierrors.IsNotFound(err) || apierrors.IsConflict(err)
}

// IsTimeout does not.
func IsTimeout(err error) bool { return apierrors.IsTimeout(err) }

// RetryEx runs fn again, with backoff, while retryCondition holds for its
// failure.
func RetryEx(backoff *wait.Backoff, fn func() error, retryCondition func(error) bool) error {
	var last error
	err := wait.ExponentialBackoff(*backoff, func() (bool, error) {
		err := fn()
		if err == nil {
			return true, nil
		}
		if retryCondition(err) {
			last = err
			return false, nil
		}
		return false, fmt.Errorf("retry function: %w", err)
	})
	if err != nil && last != nil {
		return fmt.Errorf("%w, last error: %w", err, last)
	}
	return err
}

// Retry is RetryEx with a fixed backoff.
func Retry(fn func() error, retryCondition func(error) bool) error {
	return RetryEx(&wait.Backoff{Duration: 500 * time.Millisecond, Factor: 1.5, Steps: 5}, fn, retryCondition)
}

// OnError hands its predicate to client-go's retry.OnError.
func OnError(retryable func(error) bool, fn func() error) error {
	return retry.OnError(retry.DefaultBackoff, retryable, fn)
}
