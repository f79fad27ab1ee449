// Package v1 is a test stub of
// k8s.io/client-go/kubernetes/typed/admissionregistration/v1 (the webhook
// configurations only, without server-side apply).
package v1

import (
	context "context"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	types "k8s.io/apimachinery/pkg/types"
	watch "k8s.io/apimachinery/pkg/watch"
	gentype "k8s.io/client-go/gentype"
	rest "k8s.io/client-go/rest"
)

// MutatingWebhookConfigurationsGetter returns the MutatingWebhookConfiguration
// client (cluster-scoped).
type MutatingWebhookConfigurationsGetter interface {
	MutatingWebhookConfigurations() MutatingWebhookConfigurationInterface
}

// MutatingWebhookConfigurationInterface reads and writes MutatingWebhookConfiguration objects.
type MutatingWebhookConfigurationInterface interface {
	Create(ctx context.Context, mutatingWebhookConfiguration *admissionregistrationv1.MutatingWebhookConfiguration, opts metav1.CreateOptions) (*admissionregistrationv1.MutatingWebhookConfiguration, error)
	Update(ctx context.Context, mutatingWebhookConfiguration *admissionregistrationv1.MutatingWebhookConfiguration, opts metav1.UpdateOptions) (*admissionregistrationv1.MutatingWebhookConfiguration, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*admissionregistrationv1.MutatingWebhookConfiguration, error)
	List(ctx context.Context, opts metav1.ListOptions) (*admissionregistrationv1.MutatingWebhookConfigurationList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *admissionregistrationv1.MutatingWebhookConfiguration, err error)
	MutatingWebhookConfigurationExpansion
}

// MutatingWebhookConfigurationExpansion holds hand-written methods of MutatingWebhookConfigurationInterface.
type MutatingWebhookConfigurationExpansion interface{}

type mutatingWebhookConfigurations struct {
	*gentype.ClientWithList[*admissionregistrationv1.MutatingWebhookConfiguration, *admissionregistrationv1.MutatingWebhookConfigurationList]
}

func newMutatingWebhookConfigurations(c rest.Interface) *mutatingWebhookConfigurations {
	return &mutatingWebhookConfigurations{
		gentype.NewClientWithList[*admissionregistrationv1.MutatingWebhookConfiguration, *admissionregistrationv1.MutatingWebhookConfigurationList](
			"mutatingwebhookconfigurations",
			c,
			nil,
			"",
			func() *admissionregistrationv1.MutatingWebhookConfiguration {
				return &admissionregistrationv1.MutatingWebhookConfiguration{}
			},
			func() *admissionregistrationv1.MutatingWebhookConfigurationList {
				return &admissionregistrationv1.MutatingWebhookConfigurationList{}
			},
		),
	}
}

// ValidatingWebhookConfigurationsGetter returns the ValidatingWebhookConfiguration
// client (cluster-scoped).
type ValidatingWebhookConfigurationsGetter interface {
	ValidatingWebhookConfigurations() ValidatingWebhookConfigurationInterface
}

// ValidatingWebhookConfigurationInterface reads and writes ValidatingWebhookConfiguration objects.
type ValidatingWebhookConfigurationInterface interface {
	Create(ctx context.Context, validatingWebhookConfiguration *admissionregistrationv1.ValidatingWebhookConfiguration, opts metav1.CreateOptions) (*admissionregistrationv1.ValidatingWebhookConfiguration, error)
	Update(ctx context.Context, validatingWebhookConfiguration *admissionregistrationv1.ValidatingWebhookConfiguration, opts metav1.UpdateOptions) (*admissionregistrationv1.ValidatingWebhookConfiguration, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*admissionregistrationv1.ValidatingWebhookConfiguration, error)
	List(ctx context.Context, opts metav1.ListOptions) (*admissionregistrationv1.ValidatingWebhookConfigurationList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *admissionregistrationv1.ValidatingWebhookConfiguration, err error)
	ValidatingWebhookConfigurationExpansion
}

// ValidatingWebhookConfigurationExpansion holds hand-written methods of ValidatingWebhookConfigurationInterface.
type ValidatingWebhookConfigurationExpansion interface{}

type validatingWebhookConfigurations struct {
	*gentype.ClientWithList[*admissionregistrationv1.ValidatingWebhookConfiguration, *admissionregistrationv1.ValidatingWebhookConfigurationList]
}

func newValidatingWebhookConfigurations(c rest.Interface) *validatingWebhookConfigurations {
	return &validatingWebhookConfigurations{
		gentype.NewClientWithList[*admissionregistrationv1.ValidatingWebhookConfiguration, *admissionregistrationv1.ValidatingWebhookConfigurationList](
			"validatingwebhookconfigurations",
			c,
			nil,
			"",
			func() *admissionregistrationv1.ValidatingWebhookConfiguration {
				return &admissionregistrationv1.ValidatingWebhookConfiguration{}
			},
			func() *admissionregistrationv1.ValidatingWebhookConfigurationList {
				return &admissionregistrationv1.ValidatingWebhookConfigurationList{}
			},
		),
	}
}

// AdmissionregistrationV1Interface reaches the admissionregistration.k8s.io/v1 resources.
type AdmissionregistrationV1Interface interface {
	RESTClient() rest.Interface
	MutatingWebhookConfigurationsGetter
	ValidatingWebhookConfigurationsGetter
}

// AdmissionregistrationV1Client is the admissionregistration.k8s.io/v1 client.
type AdmissionregistrationV1Client struct {
	restClient rest.Interface
}

// MutatingWebhookConfigurations returns the MutatingWebhookConfiguration client.
func (c *AdmissionregistrationV1Client) MutatingWebhookConfigurations() MutatingWebhookConfigurationInterface {
	return newMutatingWebhookConfigurations(c.restClient)
}

// ValidatingWebhookConfigurations returns the ValidatingWebhookConfiguration client.
func (c *AdmissionregistrationV1Client) ValidatingWebhookConfigurations() ValidatingWebhookConfigurationInterface {
	return newValidatingWebhookConfigurations(c.restClient)
}

// RESTClient returns the underlying REST client.
func (c *AdmissionregistrationV1Client) RESTClient() rest.Interface { return c.restClient }

// New returns a client over c.
func New(c rest.Interface) *AdmissionregistrationV1Client {
	return &AdmissionregistrationV1Client{restClient: c}
}
