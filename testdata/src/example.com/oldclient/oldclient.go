// Package oldclient is shaped like a clientset generated for client-go
// before v0.18: no context, no options on writes.
package oldclient

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

// PodInterface is an old typed client.
type PodInterface interface {
	Get(name string, options metav1.GetOptions) (*corev1.Pod, error)
	Update(pod *corev1.Pod) (*corev1.Pod, error)
	UpdateStatus(pod *corev1.Pod) (*corev1.Pod, error)
}

// pods implements PodInterface over a REST client, as generated code does.
type pods struct {
	client rest.Interface
	ns     string
}

// NewPods returns the typed client of pods in namespace ns.
func NewPods(c rest.Interface, ns string) PodInterface { return &pods{client: c, ns: ns} }

func (c *pods) Get(name string, options metav1.GetOptions) (*corev1.Pod, error) { return nil, nil }
func (c *pods) Update(pod *corev1.Pod) (*corev1.Pod, error)                     { return pod, nil }
func (c *pods) UpdateStatus(pod *corev1.Pod) (*corev1.Pod, error)               { return pod, nil }
