// Package mutates holds helpers that take objects and never read an
// informer cache. listermutation exports a MutatesFact for every exported
// function or method here that changes an object it is given, so that a
// caller handing it a cached object is reported.
package mutates

import (
	corev1 "k8s.io/api/core/v1"
)

// Label changes param 0 in place.
func Label(pod *corev1.Pod, key, value string) { // want Label:`^mutates\[0\]$`
	pod.Labels[key] = value
}

// LabelOf only reads its object: no fact.
func LabelOf(pod *corev1.Pod, key string) string {
	return pod.Labels[key]
}

// WithLabel changes a deep copy of its object, never the object itself:
// no fact.
func WithLabel(pod *corev1.Pod, key, value string) *corev1.Pod {
	out := pod.DeepCopy()
	out.Labels[key] = value
	return out
}

// Marker marks pods as owned.
type Marker struct{ Owner string }

// Mark changes its parameter, which comes after the receiver: index 1.
func (m Marker) Mark(pod *corev1.Pod) { // want Mark:`^mutates\[1\]$`
	pod.Annotations["owner"] = m.Owner
}

// label changes its object like Label, but no other package can call it:
// facts are for exported functions only.
func label(pod *corev1.Pod, key, value string) {
	pod.Labels[key] = value
}

var _ = label

// The exported functions below change their object only by what a
// function that needs no summary never holds: a builtin that writes, an
// increment, a closure's assignment. Each gets its fact; the getters
// beside them, with only reads, local variables, conversions and pure
// builtins, get none.

// DropLabel deletes from its object's map.
func DropLabel(pod *corev1.Pod, key string) { // want DropLabel:`^mutates\[0\]$`
	delete(pod.Labels, key)
}

// FirstContainerOnly overwrites its object's containers within their length.
func FirstContainerOnly(pod *corev1.Pod, c corev1.Container) { // want FirstContainerOnly:`^mutates\[0\]$`
	_ = append(pod.Spec.Containers[:0], c)
}

// Bump increments a field of its object.
func Bump(pod *corev1.Pod) { // want Bump:`^mutates\[0\]$`
	pod.Generation++
}

// LabelLater changes its object in a closure it runs.
func LabelLater(pod *corev1.Pod, key string) { // want LabelLater:`^mutates\[0\]$`
	set := func() { pod.Labels[key] = "" }
	set()
}

// ContainerCount reads with a builtin and a conversion, into locals.
func ContainerCount(pod *corev1.Pod) int64 {
	n := len(pod.Spec.Containers)
	n++
	return int64(n)
}
