// Package quiet uses client-go's cache and work queue without reading from
// an informer cache, and has a lister of its own that hands out copies:
// nothing here is reported.
package quiet

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// podLister is the program's own lister; it returns copies.
type podLister struct{ pods map[string]*corev1.Pod }

func (l *podLister) Get(name string) (*corev1.Pod, error) { return l.pods[name].DeepCopy(), nil }

func enqueue(q workqueue.TypedRateLimitingInterface[string], l *podLister, pod *corev1.Pod) {
	key, err := cache.MetaNamespaceKeyFunc(pod)
	if err != nil {
		return
	}
	p, _ := l.Get(key)
	p.Labels["queued"] = "true" // ok: not an informer cache
	q.Add(key)
}

// backoffRecord is the program's own record, kept in a store it made:
// no informer shares it (Kubernetes' Job controller keeps its backoff
// records so).
type backoffRecord struct {
	key      string
	failures int32
}

type backoffStore struct{ store cache.Store }

func (s *backoffStore) update(record backoffRecord) error {
	b, ok, err := s.store.GetByKey(record.key)
	if err != nil {
		return err
	}
	if !ok {
		return s.store.Add(&record)
	}
	stored := b.(*backoffRecord)
	stored.failures = record.failures // ok: the program's own record, not a Kubernetes object (a Pod from a store is reported: see fixes.go)
	return nil
}

// nodeInfo is a scheduler's per-node summary, not a Kubernetes object:
// a lister of such summaries (kube-scheduler's NodeInfoLister, over the
// scheduling cycle's snapshot) is not an informer's lister, and what it
// hands out is no cache's object.
type nodeInfo struct {
	node      *corev1.Node
	requested struct{ milliCPU int64 }
}

// NodeInfoLister has a lister's shape but lists summaries.
type NodeInfoLister interface {
	Get(nodeName string) (*nodeInfo, error)
}

func restore(l NodeInfoLister, name string, cpu int64) {
	ni, err := l.Get(name)
	if err != nil {
		return
	}
	ni.requested.milliCPU -= cpu // ok: a summary of the cycle's snapshot, not an API object
}
