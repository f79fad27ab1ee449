// Package v1 is a test stub of the pre-v0.18 typed core/v1 client:
// Update(obj) (*T, error) and Get(name, options) without a context.
package v1

import (
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CoreV1Interface groups the core/v1 resource getters.
type CoreV1Interface interface {
	ConfigMapsGetter
	NodesGetter
	PodsGetter
	SecretsGetter
	ServicesGetter
}

type ConfigMapsGetter interface {
	ConfigMaps(namespace string) ConfigMapInterface
}

// ConfigMapInterface has the methods to work with ConfigMaps.
type ConfigMapInterface interface {
	Create(*v1.ConfigMap) (*v1.ConfigMap, error)
	Update(*v1.ConfigMap) (*v1.ConfigMap, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*v1.ConfigMap, error)
	List(opts metav1.ListOptions) (*v1.ConfigMapList, error)
}

type PodsGetter interface {
	Pods(namespace string) PodInterface
}

// PodInterface has the methods to work with Pods.
type PodInterface interface {
	Create(*v1.Pod) (*v1.Pod, error)
	Update(*v1.Pod) (*v1.Pod, error)
	UpdateStatus(*v1.Pod) (*v1.Pod, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*v1.Pod, error)
	List(opts metav1.ListOptions) (*v1.PodList, error)
}

type SecretsGetter interface {
	Secrets(namespace string) SecretInterface
}

// SecretInterface has the methods to work with Secrets.
type SecretInterface interface {
	Create(*v1.Secret) (*v1.Secret, error)
	Update(*v1.Secret) (*v1.Secret, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*v1.Secret, error)
}

type ServicesGetter interface {
	Services(namespace string) ServiceInterface
}

// ServiceInterface has the methods to work with Services.
type ServiceInterface interface {
	Create(*v1.Service) (*v1.Service, error)
	Update(*v1.Service) (*v1.Service, error)
	UpdateStatus(*v1.Service) (*v1.Service, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*v1.Service, error)
}

type NodesGetter interface {
	Nodes() NodeInterface
}

// NodeInterface has the methods to work with Nodes (cluster-scoped).
type NodeInterface interface {
	Create(*v1.Node) (*v1.Node, error)
	Update(*v1.Node) (*v1.Node, error)
	UpdateStatus(*v1.Node) (*v1.Node, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*v1.Node, error)
	List(opts metav1.ListOptions) (*v1.NodeList, error)
}
