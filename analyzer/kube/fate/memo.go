package fate

import "sync"

// memo is a map that the analyzers sharing a package's Tracer may read and
// fill concurrently. It is locked only around each access, never across a
// computation, so a computation may consult it recursively (a cycle guard
// stored first); two goroutines may at worst compute the same entry twice.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func (c *memo[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *memo[K, V]) set(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[K]V)
	}
	c.m[k] = v
}
