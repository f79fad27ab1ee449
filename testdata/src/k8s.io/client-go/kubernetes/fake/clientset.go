// Package fake is a test stub of k8s.io/client-go/kubernetes/fake.
package fake

import "k8s.io/client-go/kubernetes"

// NewSimpleClientset returns a clientset backed by an object tracker.
func NewSimpleClientset(objects ...any) *kubernetes.Clientset {
	cs, _ := kubernetes.NewForConfig(nil)
	return cs
}
