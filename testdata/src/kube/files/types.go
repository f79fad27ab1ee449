package files

import corev1 "k8s.io/api/core/v1"

// Nothing here uses the API or calls into a file that does: the model does
// not walk this file.

type cache map[string]*corev1.ConfigMap

func (c cache) Update(name string, cm *corev1.ConfigMap) { c[name] = cm }

func labelsOf(cm *corev1.ConfigMap) map[string]string {
	out := make(map[string]string, len(cm.Labels))
	for k, v := range cm.Labels {
		out[k] = v
	}
	return out
}
