// Package v1 is a test stub of k8s.io/client-go/kubernetes/typed/core/v1.
package v1

import (
	context "context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	types "k8s.io/apimachinery/pkg/types"
	watch "k8s.io/apimachinery/pkg/watch"
	applyconfigurationscorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	gentype "k8s.io/client-go/gentype"
	rest "k8s.io/client-go/rest"
)

// ConfigMapsGetter returns a ConfigMap client for a namespace.
type ConfigMapsGetter interface {
	ConfigMaps(namespace string) ConfigMapInterface
}

// ConfigMapInterface reads and writes ConfigMap objects.
type ConfigMapInterface interface {
	Create(ctx context.Context, configMap *corev1.ConfigMap, opts metav1.CreateOptions) (*corev1.ConfigMap, error)
	Update(ctx context.Context, configMap *corev1.ConfigMap, opts metav1.UpdateOptions) (*corev1.ConfigMap, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*corev1.ConfigMap, error)
	List(ctx context.Context, opts metav1.ListOptions) (*corev1.ConfigMapList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *corev1.ConfigMap, err error)
	Apply(ctx context.Context, configMap *applyconfigurationscorev1.ConfigMapApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.ConfigMap, err error)
	ConfigMapExpansion
}

// ConfigMapExpansion holds hand-written methods of ConfigMapInterface.
type ConfigMapExpansion interface{}

type configMaps struct {
	*gentype.ClientWithListAndApply[*corev1.ConfigMap, *corev1.ConfigMapList, *applyconfigurationscorev1.ConfigMapApplyConfiguration]
}

func newConfigMaps(c rest.Interface, namespace string) *configMaps {
	return &configMaps{
		gentype.NewClientWithListAndApply[*corev1.ConfigMap, *corev1.ConfigMapList, *applyconfigurationscorev1.ConfigMapApplyConfiguration](
			"configmaps",
			c,
			nil,
			namespace,
			func() *corev1.ConfigMap { return &corev1.ConfigMap{} },
			func() *corev1.ConfigMapList { return &corev1.ConfigMapList{} },
		),
	}
}

// SecretsGetter returns a Secret client for a namespace.
type SecretsGetter interface {
	Secrets(namespace string) SecretInterface
}

// SecretInterface reads and writes Secret objects.
type SecretInterface interface {
	Create(ctx context.Context, secret *corev1.Secret, opts metav1.CreateOptions) (*corev1.Secret, error)
	Update(ctx context.Context, secret *corev1.Secret, opts metav1.UpdateOptions) (*corev1.Secret, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*corev1.Secret, error)
	List(ctx context.Context, opts metav1.ListOptions) (*corev1.SecretList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *corev1.Secret, err error)
	Apply(ctx context.Context, secret *applyconfigurationscorev1.SecretApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.Secret, err error)
	SecretExpansion
}

// SecretExpansion holds hand-written methods of SecretInterface.
type SecretExpansion interface{}

type secrets struct {
	*gentype.ClientWithListAndApply[*corev1.Secret, *corev1.SecretList, *applyconfigurationscorev1.SecretApplyConfiguration]
}

func newSecrets(c rest.Interface, namespace string) *secrets {
	return &secrets{
		gentype.NewClientWithListAndApply[*corev1.Secret, *corev1.SecretList, *applyconfigurationscorev1.SecretApplyConfiguration](
			"secrets",
			c,
			nil,
			namespace,
			func() *corev1.Secret { return &corev1.Secret{} },
			func() *corev1.SecretList { return &corev1.SecretList{} },
		),
	}
}

// PodsGetter returns a Pod client for a namespace.
type PodsGetter interface {
	Pods(namespace string) PodInterface
}

// PodInterface reads and writes Pod objects.
type PodInterface interface {
	Create(ctx context.Context, pod *corev1.Pod, opts metav1.CreateOptions) (*corev1.Pod, error)
	Update(ctx context.Context, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error)
	UpdateStatus(ctx context.Context, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*corev1.Pod, error)
	List(ctx context.Context, opts metav1.ListOptions) (*corev1.PodList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *corev1.Pod, err error)
	Apply(ctx context.Context, pod *applyconfigurationscorev1.PodApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.Pod, err error)
	ApplyStatus(ctx context.Context, pod *applyconfigurationscorev1.PodApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.Pod, err error)
	UpdateEphemeralContainers(ctx context.Context, podName string, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error)
	UpdateResize(ctx context.Context, podName string, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error)

	PodExpansion
}

// PodExpansion holds hand-written methods of PodInterface.
type PodExpansion interface{}

type pods struct {
	*gentype.ClientWithListAndApply[*corev1.Pod, *corev1.PodList, *applyconfigurationscorev1.PodApplyConfiguration]
}

func newPods(c rest.Interface, namespace string) *pods {
	return &pods{
		gentype.NewClientWithListAndApply[*corev1.Pod, *corev1.PodList, *applyconfigurationscorev1.PodApplyConfiguration](
			"pods",
			c,
			nil,
			namespace,
			func() *corev1.Pod { return &corev1.Pod{} },
			func() *corev1.PodList { return &corev1.PodList{} },
		),
	}
}

// ServicesGetter returns a Service client for a namespace.
type ServicesGetter interface {
	Services(namespace string) ServiceInterface
}

// ServiceInterface reads and writes Service objects.
type ServiceInterface interface {
	Create(ctx context.Context, service *corev1.Service, opts metav1.CreateOptions) (*corev1.Service, error)
	Update(ctx context.Context, service *corev1.Service, opts metav1.UpdateOptions) (*corev1.Service, error)
	UpdateStatus(ctx context.Context, service *corev1.Service, opts metav1.UpdateOptions) (*corev1.Service, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*corev1.Service, error)
	List(ctx context.Context, opts metav1.ListOptions) (*corev1.ServiceList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *corev1.Service, err error)
	Apply(ctx context.Context, service *applyconfigurationscorev1.ServiceApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.Service, err error)
	ApplyStatus(ctx context.Context, service *applyconfigurationscorev1.ServiceApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.Service, err error)
	ServiceExpansion
}

// ServiceExpansion holds hand-written methods of ServiceInterface.
type ServiceExpansion interface{}

type services struct {
	*gentype.ClientWithListAndApply[*corev1.Service, *corev1.ServiceList, *applyconfigurationscorev1.ServiceApplyConfiguration]
}

func newServices(c rest.Interface, namespace string) *services {
	return &services{
		gentype.NewClientWithListAndApply[*corev1.Service, *corev1.ServiceList, *applyconfigurationscorev1.ServiceApplyConfiguration](
			"services",
			c,
			nil,
			namespace,
			func() *corev1.Service { return &corev1.Service{} },
			func() *corev1.ServiceList { return &corev1.ServiceList{} },
		),
	}
}

// UpdateEphemeralContainers replaces the pod's ephemeral containers.
func (c *pods) UpdateEphemeralContainers(ctx context.Context, podName string, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error) {
	return pod, nil
}

// UpdateResize replaces the pod's resources through the resize subresource.
func (c *pods) UpdateResize(ctx context.Context, podName string, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error) {
	return pod, nil
}

// NodesGetter returns the Node client (nodes are cluster-scoped).
type NodesGetter interface {
	Nodes() NodeInterface
}

// NodeInterface reads and writes Node objects.
type NodeInterface interface {
	Create(ctx context.Context, node *corev1.Node, opts metav1.CreateOptions) (*corev1.Node, error)
	Update(ctx context.Context, node *corev1.Node, opts metav1.UpdateOptions) (*corev1.Node, error)
	UpdateStatus(ctx context.Context, node *corev1.Node, opts metav1.UpdateOptions) (*corev1.Node, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*corev1.Node, error)
	List(ctx context.Context, opts metav1.ListOptions) (*corev1.NodeList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *corev1.Node, err error)
	Apply(ctx context.Context, node *applyconfigurationscorev1.NodeApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.Node, err error)
	ApplyStatus(ctx context.Context, node *applyconfigurationscorev1.NodeApplyConfiguration, opts metav1.ApplyOptions) (result *corev1.Node, err error)
	NodeExpansion
}

// NodeExpansion holds hand-written methods of NodeInterface.
type NodeExpansion interface {
	PatchStatus(ctx context.Context, nodeName string, data []byte) (*corev1.Node, error)
}

type nodes struct {
	*gentype.ClientWithListAndApply[*corev1.Node, *corev1.NodeList, *applyconfigurationscorev1.NodeApplyConfiguration]
}

func newNodes(c rest.Interface) *nodes {
	return &nodes{
		gentype.NewClientWithListAndApply[*corev1.Node, *corev1.NodeList, *applyconfigurationscorev1.NodeApplyConfiguration](
			"nodes",
			c,
			nil,
			"",
			func() *corev1.Node { return &corev1.Node{} },
			func() *corev1.NodeList { return &corev1.NodeList{} },
		),
	}
}

// PatchStatus patches the node's status with a strategic merge patch.
func (c *nodes) PatchStatus(ctx context.Context, nodeName string, data []byte) (*corev1.Node, error) {
	return &corev1.Node{}, nil
}

// CoreV1Interface reaches the core/v1 resources.
type CoreV1Interface interface {
	RESTClient() rest.Interface
	ConfigMapsGetter
	NodesGetter
	PersistentVolumeClaimsGetter
	PodsGetter
	SecretsGetter
	ServicesGetter
}

// CoreV1Client is the core/v1 client.
type CoreV1Client struct {
	restClient rest.Interface
}

// ConfigMaps returns the ConfigMap client of a namespace.
func (c *CoreV1Client) ConfigMaps(namespace string) ConfigMapInterface {
	return newConfigMaps(c.restClient, namespace)
}

// Nodes returns the Node client.
func (c *CoreV1Client) Nodes() NodeInterface { return newNodes(c.restClient) }

// Pods returns the Pod client of a namespace.
func (c *CoreV1Client) Pods(namespace string) PodInterface { return newPods(c.restClient, namespace) }

// Secrets returns the Secret client of a namespace.
func (c *CoreV1Client) Secrets(namespace string) SecretInterface {
	return newSecrets(c.restClient, namespace)
}

// Services returns the Service client of a namespace.
func (c *CoreV1Client) Services(namespace string) ServiceInterface {
	return newServices(c.restClient, namespace)
}

// RESTClient returns the underlying REST client.
func (c *CoreV1Client) RESTClient() rest.Interface { return c.restClient }

// NewForConfig returns a client for config.
func NewForConfig(c *rest.Config) (*CoreV1Client, error) { return &CoreV1Client{}, nil }

// New returns a client over c.
func New(c rest.Interface) *CoreV1Client { return &CoreV1Client{restClient: c} }
