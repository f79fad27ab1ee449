// Package helpers changes the objects it is given; the facts it exports say
// so to the packages that call it.
package helpers

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MarkOwned sets a label on pod.
func MarkOwned(owner string, pod *corev1.Pod) { // want MarkOwned:`mutates\[1\]`
	pod.Labels["owner"] = owner
}

// Annotate changes the object through a known setter.
func Annotate(meta *metav1.ObjectMeta, key, value string) { // want Annotate:`mutates\[0\]`
	metav1.SetMetaDataAnnotation(meta, key, value)
}

// Relay changes its argument through another function of the package.
func Relay(pod *corev1.Pod) { // want Relay:`mutates\[0\]`
	MarkOwned("relay", pod)
}

// Owner only reads pod: no fact.
func Owner(pod *corev1.Pod) string {
	return pod.Labels["owner"]
}

// Fresh changes a copy of pod: no fact.
func Fresh(pod *corev1.Pod) *corev1.Pod {
	pod = pod.DeepCopy()
	pod.Labels["fresh"] = "true"
	return pod
}

// Holder keeps a pod.
type Holder struct{ Pod *corev1.Pod }

// Touch changes the pod the receiver points to.
func (h *Holder) Touch() { // want Touch:`mutates\[0\]`
	h.Pod.Annotations["touched"] = "true"
}

// DeepCopyInto makes Holder an API type.
func (in *Holder) DeepCopyInto(out *Holder) { *out = *in } // want DeepCopyInto:`mutates\[1\]`

// Options is not an API type: functions that change one get no fact.
type Options struct{ Verbose bool }

// Configure changes o, which is no Kubernetes object.
func Configure(o *Options) { o.Verbose = true }

// Prune changes the pod itself, and again through PruneOwner while depth
// lasts; PruneOwner changes it only through Prune. Each one's fact is the
// least fixed point of the two, whichever was asked about first.
func Prune(pod *corev1.Pod, depth int) { // want Prune:`mutates\[0\]`
	delete(pod.Labels, "stale")
	if depth > 0 {
		PruneOwner(pod, depth-1)
	}
}

func PruneOwner(pod *corev1.Pod, depth int) { // want PruneOwner:`mutates\[0\]`
	Prune(pod, depth)
}
