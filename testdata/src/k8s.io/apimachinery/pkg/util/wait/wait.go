// Package wait is a test stub of k8s.io/apimachinery/pkg/util/wait.
package wait

import (
	"context"
	"errors"
	"time"
)

// Backoff describes a growing sequence of sleeps.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

// Step returns the next sleep and advances the backoff.
func (b *Backoff) Step() time.Duration { return b.Duration }

// ConditionFunc reports whether a wait is over.
type ConditionFunc func() (done bool, err error)

// ConditionWithContextFunc reports whether a wait is over.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

// ErrWaitTimeout is returned when a condition never became true.
var ErrWaitTimeout = errors.New("timed out waiting for the condition")

// NeverStop is a channel that is never closed.
var NeverStop <-chan struct{} = make(chan struct{})

// Interrupted reports whether err says a wait ended early.
func Interrupted(err error) bool { return false }

// ExponentialBackoff runs condition until it is done, an error, or the steps run out.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

// ExponentialBackoffWithContext is ExponentialBackoff with a context.
func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}

// PollUntilContextCancel runs condition every interval until done or ctx ends.
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

// PollUntilContextTimeout runs condition every interval until done or the timeout.
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

// Poll runs condition every interval until done or the timeout.
func Poll(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// PollImmediate is Poll that checks at once.
func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// PollImmediateWithContext is PollImmediate with a context.
func PollImmediateWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// PollImmediateUntil runs condition until done or stopCh closes.
func PollImmediateUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

// Until runs f every period until stopCh closes.
func Until(f func(), period time.Duration, stopCh <-chan struct{}) {}

// UntilWithContext runs f every period until ctx ends.
func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

// JitterUntil runs f with jittered periods until stopCh closes.
func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}

// Forever runs f every period, for ever.
func Forever(f func(), period time.Duration) {}
