// Package v1 is a test stub of k8s.io/api/admissionregistration/v1
// (webhook configurations and their client configuration only).
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// ServiceReference names the Service a webhook is reached through.
type ServiceReference struct {
	Namespace string
	Name      string
	Path      *string
	Port      *int32
}

// WebhookClientConfig says how the API server reaches a webhook and
// which CA signs its serving certificate.
type WebhookClientConfig struct {
	URL      *string
	Service  *ServiceReference
	CABundle []byte
}

// MutatingWebhook is one mutating admission webhook.
type MutatingWebhook struct {
	Name         string
	ClientConfig WebhookClientConfig
}

// ValidatingWebhook is one validating admission webhook.
type ValidatingWebhook struct {
	Name         string
	ClientConfig WebhookClientConfig
}

// MutatingWebhookConfiguration lists mutating webhooks (cluster-scoped).
type MutatingWebhookConfiguration struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Webhooks []MutatingWebhook
}

// MutatingWebhookConfigurationList is a list of MutatingWebhookConfigurations.
type MutatingWebhookConfigurationList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []MutatingWebhookConfiguration
}

// ValidatingWebhookConfiguration lists validating webhooks (cluster-scoped).
type ValidatingWebhookConfiguration struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Webhooks []ValidatingWebhook
}

// ValidatingWebhookConfigurationList is a list of ValidatingWebhookConfigurations.
type ValidatingWebhookConfigurationList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []ValidatingWebhookConfiguration
}

// DeepCopyInto copies the receiver into out.
func (in *MutatingWebhookConfiguration) DeepCopyInto(out *MutatingWebhookConfiguration) {
	*out = *in
	if in.Webhooks != nil {
		out.Webhooks = make([]MutatingWebhook, len(in.Webhooks))
		copy(out.Webhooks, in.Webhooks)
	}
}

// DeepCopy returns a copy of the receiver.
func (in *MutatingWebhookConfiguration) DeepCopy() *MutatingWebhookConfiguration {
	if in == nil {
		return nil
	}
	out := new(MutatingWebhookConfiguration)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver into a new runtime.Object.
func (in *MutatingWebhookConfiguration) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *MutatingWebhookConfigurationList) DeepCopyInto(out *MutatingWebhookConfigurationList) {
	*out = *in
}

// DeepCopy returns a copy of the receiver.
func (in *MutatingWebhookConfigurationList) DeepCopy() *MutatingWebhookConfigurationList {
	if in == nil {
		return nil
	}
	out := new(MutatingWebhookConfigurationList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver into a new runtime.Object.
func (in *MutatingWebhookConfigurationList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *ValidatingWebhookConfiguration) DeepCopyInto(out *ValidatingWebhookConfiguration) {
	*out = *in
	if in.Webhooks != nil {
		out.Webhooks = make([]ValidatingWebhook, len(in.Webhooks))
		copy(out.Webhooks, in.Webhooks)
	}
}

// DeepCopy returns a copy of the receiver.
func (in *ValidatingWebhookConfiguration) DeepCopy() *ValidatingWebhookConfiguration {
	if in == nil {
		return nil
	}
	out := new(ValidatingWebhookConfiguration)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver into a new runtime.Object.
func (in *ValidatingWebhookConfiguration) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *ValidatingWebhookConfigurationList) DeepCopyInto(out *ValidatingWebhookConfigurationList) {
	*out = *in
}

// DeepCopy returns a copy of the receiver.
func (in *ValidatingWebhookConfigurationList) DeepCopy() *ValidatingWebhookConfigurationList {
	if in == nil {
		return nil
	}
	out := new(ValidatingWebhookConfigurationList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver into a new runtime.Object.
func (in *ValidatingWebhookConfigurationList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
