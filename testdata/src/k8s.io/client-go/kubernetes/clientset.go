// Package kubernetes is a test stub of k8s.io/client-go/kubernetes.
package kubernetes

import (
	admissionregistrationv1 "k8s.io/client-go/kubernetes/typed/admissionregistration/v1"
	appsv1 "k8s.io/client-go/kubernetes/typed/apps/v1"
	batchv1 "k8s.io/client-go/kubernetes/typed/batch/v1"
	corev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/rest"
)

// Interface reaches every built-in API group.
type Interface interface {
	AdmissionregistrationV1() admissionregistrationv1.AdmissionregistrationV1Interface
	AppsV1() appsv1.AppsV1Interface
	BatchV1() batchv1.BatchV1Interface
	CoreV1() corev1.CoreV1Interface
}

// Clientset is the built-in clientset.
type Clientset struct {
	admissionregistrationV1 *admissionregistrationv1.AdmissionregistrationV1Client
	appsV1                  *appsv1.AppsV1Client
	batchV1                 *batchv1.BatchV1Client
	coreV1                  *corev1.CoreV1Client
}

var _ Interface = (*Clientset)(nil)

// AdmissionregistrationV1 returns the admissionregistration.k8s.io/v1 client.
func (c *Clientset) AdmissionregistrationV1() admissionregistrationv1.AdmissionregistrationV1Interface {
	return c.admissionregistrationV1
}

// AppsV1 returns the apps/v1 client.
func (c *Clientset) AppsV1() appsv1.AppsV1Interface { return c.appsV1 }

// BatchV1 returns the batch/v1 client.
func (c *Clientset) BatchV1() batchv1.BatchV1Interface { return c.batchV1 }

// CoreV1 returns the core/v1 client.
func (c *Clientset) CoreV1() corev1.CoreV1Interface { return c.coreV1 }

// NewForConfig returns a clientset for c.
func NewForConfig(c *rest.Config) (*Clientset, error) {
	return &Clientset{admissionregistrationV1: &admissionregistrationv1.AdmissionregistrationV1Client{}, appsV1: &appsv1.AppsV1Client{}, batchV1: &batchv1.BatchV1Client{}, coreV1: &corev1.CoreV1Client{}}, nil
}

// NewForConfigOrDie returns a clientset for c and panics on error.
func NewForConfigOrDie(c *rest.Config) *Clientset {
	cs, _ := NewForConfig(c)
	return cs
}
