// Package viafact names no lister: it reads the cache only through
// package cached, and learns that from cached's facts. It exports facts of
// its own from those it imports.
package viafact

import (
	corev1 "k8s.io/api/core/v1"

	"facts/listermutation/cached"
	"facts/listermutation/mutates"
)

// Find returns what (*cached.Pods).Get returns, the cache's Pod by that
// method's ReturnsCachedFact.
func Find(p *cached.Pods, ns, name string) (*corev1.Pod, error) { // want Find:`^returnsCached$`
	return p.Get(ns, name)
}

// FindCopy returns a copy of it: no fact.
func FindCopy(p *cached.Pods, ns, name string) (*corev1.Pod, error) {
	pod, err := p.Get(ns, name)
	if err != nil {
		return nil, err
	}
	return pod.DeepCopy(), nil
}

// Relabel changes its object through mutates.Label, by that function's
// MutatesFact.
func Relabel(pod *corev1.Pod) { // want Relabel:`^mutates\[0\]$`
	mutates.Label(pod, "relabeled", "true")
}

// LabelOf only reads through mutates.LabelOf, which has no MutatesFact:
// no fact.
func LabelOf(pod *corev1.Pod) string {
	return mutates.LabelOf(pod, "relabeled")
}
