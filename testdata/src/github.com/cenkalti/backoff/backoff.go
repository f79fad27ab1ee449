// Package backoff is a test stub of github.com/cenkalti/backoff (v2):
// Retry runs an operation until it succeeds, returns a *PermanentError,
// or the BackOff says stop.
package backoff

import "time"

// BackOff is a backoff policy for retrying an operation.
type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

// Stop indicates that no more retries should be made.
const Stop time.Duration = -1

// Operation is run by Retry; an error asks for another try.
type Operation func() error

// PermanentError signals that the operation should not be retried.
type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return e.Err.Error() }

// Permanent wraps err so that Retry stops and returns it.
func Permanent(err error) *PermanentError { return &PermanentError{Err: err} }

// Retry runs o until it does not return an error or b stops.
func Retry(o Operation, b BackOff) error { return o() }

// ConstantBackOff always returns the same interval.
type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

// NewConstantBackOff returns a BackOff with a constant interval.
func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

type backOffTries struct {
	delegate BackOff
	maxTries uint64
	numTries uint64
}

func (b *backOffTries) NextBackOff() time.Duration { return b.delegate.NextBackOff() }
func (b *backOffTries) Reset()                     { b.numTries = 0; b.delegate.Reset() }

// WithMaxRetries stops b after max retries.
func WithMaxRetries(b BackOff, max uint64) BackOff { return &backOffTries{delegate: b, maxTries: max} }
