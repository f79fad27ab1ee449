// Package flagged hands cached pods to helpers that change them only
// under a bool parameter (camel-k's trait comparison in its predicates,
// `ExtractAndMaybeDeleteTraits(c, annotations, false)`): a call with the
// value that skips the change changes nothing.
package flagged

import (
	corev1 "k8s.io/api/core/v1"
	corelisters "k8s.io/client-go/listers/core/v1"

	"listermutation/flagged/strip"
)

type Controller struct{ pods corelisters.PodLister }

// annotations lists pod's annotations, removing them when del is true.
func annotations(pod *corev1.Pod, del bool) []string {
	var out []string
	for k := range pod.Annotations {
		out = append(out, k)
		if del {
			delete(pod.Annotations, k)
		}
	}
	return out
}

func (c *Controller) compare(ns, name string) bool {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return false
	}
	return len(annotations(pod, false)) > 0 && strip.SameTraits(pod, pod) // ok: neither deletes with false
}

func (c *Controller) clear(ns, name string) {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return
	}
	annotations(pod, true) // want `annotations changes pod in the informer cache`
}

func (c *Controller) traits(ns, name string) map[string]string {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return nil
	}
	strip.Keep(pod, true)           // ok: keep is true
	return strip.Traits(pod, false) // ok: del is false
}

func (c *Controller) stripTraits(ns, name string) {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return
	}
	strip.Traits(pod, true) // want `strip.Traits changes pod in the informer cache`
}

func (c *Controller) byFlag(ns, name string, del bool) {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return
	}
	strip.Traits(pod, del) // want `strip.Traits changes pod in the informer cache`
}
