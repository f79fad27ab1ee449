// Package cache is a test stub of sigs.k8s.io/controller-runtime/pkg/cache.
package cache

import (
	"context"
	"time"
)

// Options configures the manager's cache.
type Options struct {
	// SyncPeriod is how often every watched object is reconciled again.
	SyncPeriod *time.Duration
	// DefaultNamespaces limits the cache to namespaces.
	DefaultNamespaces map[string]struct{}
}

// Cache reads objects from the manager's informers.
type Cache interface {
	WaitForCacheSync(ctx context.Context) bool
}
