// Package v1 is a test stub of k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// CustomResourceDefinitionNames names a custom resource.
type CustomResourceDefinitionNames struct {
	Plural   string
	Singular string
	Kind     string
	ListKind string
}

// ServiceReference names the Service a conversion webhook is reached through.
type ServiceReference struct {
	Namespace string
	Name      string
	Path      *string
	Port      *int32
}

// WebhookClientConfig says how the API server reaches a conversion
// webhook and which CA signs its serving certificate.
type WebhookClientConfig struct {
	URL      *string
	Service  *ServiceReference
	CABundle []byte
}

// WebhookConversion configures a conversion webhook.
type WebhookConversion struct {
	ClientConfig             *WebhookClientConfig
	ConversionReviewVersions []string
}

// CustomResourceConversion says how versions of a resource are converted.
type CustomResourceConversion struct {
	Strategy string
	Webhook  *WebhookConversion
}

// CustomResourceDefinitionSpec describes how a user wants their resource to appear.
type CustomResourceDefinitionSpec struct {
	Group      string
	Names      CustomResourceDefinitionNames
	Scope      string
	Conversion *CustomResourceConversion
}

// CustomResourceDefinitionStatus is the observed state of a CRD.
type CustomResourceDefinitionStatus struct {
	AcceptedNames  CustomResourceDefinitionNames
	StoredVersions []string
}

// CustomResourceDefinition represents a resource that should be exposed on the API server.
type CustomResourceDefinition struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   CustomResourceDefinitionSpec
	Status CustomResourceDefinitionStatus
}

// CustomResourceDefinitionList is a list of CRDs.
type CustomResourceDefinitionList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []CustomResourceDefinition
}

// DeepCopyInto copies the receiver into out.
func (in *CustomResourceDefinition) DeepCopyInto(out *CustomResourceDefinition) { *out = *in }

// DeepCopy copies the receiver into a new CustomResourceDefinition.
func (in *CustomResourceDefinition) DeepCopy() *CustomResourceDefinition {
	if in == nil {
		return nil
	}
	out := new(CustomResourceDefinition)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver into a new runtime.Object.
func (in *CustomResourceDefinition) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *CustomResourceDefinitionList) DeepCopyInto(out *CustomResourceDefinitionList) { *out = *in }

// DeepCopy copies the receiver into a new CustomResourceDefinitionList.
func (in *CustomResourceDefinitionList) DeepCopy() *CustomResourceDefinitionList {
	if in == nil {
		return nil
	}
	out := new(CustomResourceDefinitionList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver into a new runtime.Object.
func (in *CustomResourceDefinitionList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
