// Package cachequiet imports client-go's cache and work queue but never
// reads a lister, an indexer or a store, nor registers an event handler:
// the cache model skips it after one pass over its identifiers.
package cachequiet // want "no cache"

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// store has Get and List methods of its own.
type store struct{ pods map[string]*corev1.Pod }

func (s *store) Get(name string) (*corev1.Pod, error) { return s.pods[name], nil }

func enqueue(q workqueue.TypedRateLimitingInterface[string], pod *corev1.Pod, s *store) {
	key, err := cache.MetaNamespaceKeyFunc(pod)
	if err != nil {
		return
	}
	p, _ := s.Get(key)
	p.Labels["queued"] = "true" // ok: not a cache
	q.Add(key)
}
