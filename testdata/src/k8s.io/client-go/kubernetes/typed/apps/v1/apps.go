// Package v1 is a test stub of k8s.io/client-go/kubernetes/typed/apps/v1.
package v1

import (
	context "context"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	types "k8s.io/apimachinery/pkg/types"
	watch "k8s.io/apimachinery/pkg/watch"
	applyconfigurationsappsv1 "k8s.io/client-go/applyconfigurations/apps/v1"
	gentype "k8s.io/client-go/gentype"
	rest "k8s.io/client-go/rest"
)

// DeploymentsGetter returns a Deployment client for a namespace.
type DeploymentsGetter interface {
	Deployments(namespace string) DeploymentInterface
}

// DeploymentInterface reads and writes Deployment objects.
type DeploymentInterface interface {
	Create(ctx context.Context, deployment *appsv1.Deployment, opts metav1.CreateOptions) (*appsv1.Deployment, error)
	Update(ctx context.Context, deployment *appsv1.Deployment, opts metav1.UpdateOptions) (*appsv1.Deployment, error)
	UpdateStatus(ctx context.Context, deployment *appsv1.Deployment, opts metav1.UpdateOptions) (*appsv1.Deployment, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*appsv1.Deployment, error)
	List(ctx context.Context, opts metav1.ListOptions) (*appsv1.DeploymentList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *appsv1.Deployment, err error)
	Apply(ctx context.Context, deployment *applyconfigurationsappsv1.DeploymentApplyConfiguration, opts metav1.ApplyOptions) (result *appsv1.Deployment, err error)
	ApplyStatus(ctx context.Context, deployment *applyconfigurationsappsv1.DeploymentApplyConfiguration, opts metav1.ApplyOptions) (result *appsv1.Deployment, err error)
	GetScale(ctx context.Context, deploymentName string, options metav1.GetOptions) (*autoscalingv1.Scale, error)
	UpdateScale(ctx context.Context, deploymentName string, scale *autoscalingv1.Scale, opts metav1.UpdateOptions) (*autoscalingv1.Scale, error)

	DeploymentExpansion
}

// DeploymentExpansion holds hand-written methods of DeploymentInterface.
type DeploymentExpansion interface{}

type deployments struct {
	*gentype.ClientWithListAndApply[*appsv1.Deployment, *appsv1.DeploymentList, *applyconfigurationsappsv1.DeploymentApplyConfiguration]
}

func newDeployments(c rest.Interface, namespace string) *deployments {
	return &deployments{
		gentype.NewClientWithListAndApply[*appsv1.Deployment, *appsv1.DeploymentList, *applyconfigurationsappsv1.DeploymentApplyConfiguration](
			"deployments",
			c,
			nil,
			namespace,
			func() *appsv1.Deployment { return &appsv1.Deployment{} },
			func() *appsv1.DeploymentList { return &appsv1.DeploymentList{} },
		),
	}
}

// GetScale reads the deployment's scale subresource.
func (c *deployments) GetScale(ctx context.Context, deploymentName string, options metav1.GetOptions) (*autoscalingv1.Scale, error) {
	return &autoscalingv1.Scale{}, nil
}

// UpdateScale replaces the deployment's scale subresource.
func (c *deployments) UpdateScale(ctx context.Context, deploymentName string, scale *autoscalingv1.Scale, opts metav1.UpdateOptions) (*autoscalingv1.Scale, error) {
	return scale, nil
}

// AppsV1Interface reaches the apps/v1 resources.
type AppsV1Interface interface {
	RESTClient() rest.Interface
	DeploymentsGetter
	ReplicaSetsGetter
}

// AppsV1Client is the apps/v1 client.
type AppsV1Client struct {
	restClient rest.Interface
}

// Deployments returns the Deployment client of a namespace.
func (c *AppsV1Client) Deployments(namespace string) DeploymentInterface {
	return newDeployments(c.restClient, namespace)
}

// RESTClient returns the underlying REST client.
func (c *AppsV1Client) RESTClient() rest.Interface { return c.restClient }

// NewForConfig returns a client for config.
func NewForConfig(c *rest.Config) (*AppsV1Client, error) { return &AppsV1Client{}, nil }

// New returns a client over c.
func New(c rest.Interface) *AppsV1Client { return &AppsV1Client{restClient: c} }
