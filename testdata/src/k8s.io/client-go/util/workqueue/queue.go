// Package workqueue is a test stub of k8s.io/client-go/util/workqueue.
package workqueue

import "time"

// Interface is the untyped work queue.
type Interface TypedInterface[any]

// TypedInterface is a work queue of T.
type TypedInterface[T comparable] interface {
	Add(item T)
	Len() int
	Get() (item T, shutdown bool)
	Done(item T)
	ShutDown()
	ShutDownWithDrain()
	ShuttingDown() bool
}

// DelayingInterface is the untyped delaying queue.
type DelayingInterface TypedDelayingInterface[any]

// TypedDelayingInterface is a work queue that can add items later.
type TypedDelayingInterface[T comparable] interface {
	TypedInterface[T]
	AddAfter(item T, duration time.Duration)
}

// RateLimitingInterface is the untyped rate-limited queue.
type RateLimitingInterface TypedRateLimitingInterface[any]

// TypedRateLimitingInterface is a work queue that rate-limits re-adds.
type TypedRateLimitingInterface[T comparable] interface {
	TypedDelayingInterface[T]
	AddRateLimited(item T)
	Forget(item T)
	NumRequeues(item T) int
}

// RateLimiter is the untyped rate limiter.
type RateLimiter TypedRateLimiter[any]

// TypedRateLimiter decides how long an item waits before a retry.
type TypedRateLimiter[T comparable] interface {
	When(item T) time.Duration
	Forget(item T)
	NumRequeues(item T) int
}

// TypedRateLimitingQueueConfig configures a rate-limited queue.
type TypedRateLimitingQueueConfig[T comparable] struct {
	Name string
}

// RateLimitingQueueConfig is the untyped queue config.
type RateLimitingQueueConfig = TypedRateLimitingQueueConfig[any]

// DefaultControllerRateLimiter returns the usual controller rate limiter.
func DefaultControllerRateLimiter() RateLimiter { return nil }

// DefaultTypedControllerRateLimiter returns the usual controller rate limiter for T.
func DefaultTypedControllerRateLimiter[T comparable]() TypedRateLimiter[T] { return nil }

// NewRateLimitingQueue returns an untyped rate-limited queue.
func NewRateLimitingQueue(rateLimiter RateLimiter) RateLimitingInterface { return nil }

// NewTypedRateLimitingQueue returns a rate-limited queue of T.
func NewTypedRateLimitingQueue[T comparable](rateLimiter TypedRateLimiter[T]) TypedRateLimitingInterface[T] {
	return nil
}

// NewTypedRateLimitingQueueWithConfig returns a configured rate-limited queue of T.
func NewTypedRateLimitingQueueWithConfig[T comparable](rateLimiter TypedRateLimiter[T], config TypedRateLimitingQueueConfig[T]) TypedRateLimitingInterface[T] {
	return nil
}
