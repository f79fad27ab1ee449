// Package kubernetes is a test stub of k8s.io/client-go/kubernetes as it
// was before v0.18 (still vendored by many operators): typed clients whose
// methods take no context and no options struct for writes. It lives under
// an example path because the current client-go stub owns the real one.
package kubernetes

import (
	appsv1 "example.com/legacy/client-go/kubernetes/typed/apps/v1"
	corev1 "example.com/legacy/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/rest"
)

// Interface is the clientset interface.
type Interface interface {
	CoreV1() corev1.CoreV1Interface
	AppsV1() appsv1.AppsV1Interface
}

// Clientset holds the typed clients.
type Clientset struct{}

// NewForConfig returns a clientset for c.
func NewForConfig(c *rest.Config) (*Clientset, error) { return &Clientset{}, nil }

func (c *Clientset) CoreV1() corev1.CoreV1Interface { return nil }
func (c *Clientset) AppsV1() appsv1.AppsV1Interface { return nil }
