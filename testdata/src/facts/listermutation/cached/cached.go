// Package cached reads Pods from a lister. Since it reads an informer
// cache, listermutation exports a ReturnsCachedFact for every exported
// function or method here that can return the cache's own object (List:
// a fresh slice of them), so that its callers treat the result as cached.
package cached

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	corelisters "k8s.io/client-go/listers/core/v1"
)

// PodFor returns the lister's Pod itself.
func PodFor(lister corelisters.PodLister, ns, name string) (*corev1.Pod, error) { // want PodFor:`^returnsCached$`
	return lister.Pods(ns).Get(name)
}

// PodsIn returns the lister's slice, whose elements are the cache's.
func PodsIn(lister corelisters.PodLister, ns string) ([]*corev1.Pod, error) { // want PodsIn:`^returnsCached\(list\)$`
	return lister.Pods(ns).List(labels.Everything())
}

// PodCopy returns a deep copy on every path that returns a Pod: no fact.
func PodCopy(lister corelisters.PodLister, ns, name string) (*corev1.Pod, error) {
	pod, err := lister.Pods(ns).Get(name)
	if err != nil {
		return nil, err
	}
	return pod.DeepCopy(), nil
}

// Pods reads through a lister it keeps.
type Pods struct{ Lister corelisters.PodLister }

// Get returns the lister's Pod through PodFor.
func (p *Pods) Get(ns, name string) (*corev1.Pod, error) { // want Get:`^returnsCached$`
	return PodFor(p.Lister, ns, name)
}
