// Package strip changes a pod's labels only when its caller asks: its
// fact says under which flag.
package strip

import corev1 "k8s.io/api/core/v1"

// Traits returns pod's trait labels, deleting them when del is true.
func Traits(pod *corev1.Pod, del bool) map[string]string { // want Traits:`^mutates\[0\] 0:if\[1\]=true$`
	out := map[string]string{}
	for k, v := range pod.Labels {
		out[k] = v
		if del {
			delete(pod.Labels, k)
		}
	}
	return out
}

// SameTraits compares two pods' traits without deleting them: it changes
// nothing, so it has no fact.
func SameTraits(a, b *corev1.Pod) bool {
	return len(Traits(a, false)) == len(Traits(b, false))
}

// Keep changes pod unless keep is true (the flag's other value).
func Keep(pod *corev1.Pod, keep bool) { // want Keep:`^mutates\[0\] 0:if\[1\]=false$`
	if keep {
		return
	} else {
		pod.Labels = nil
	}
}
