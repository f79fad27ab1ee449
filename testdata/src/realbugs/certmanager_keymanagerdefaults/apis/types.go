// Package apis holds the reduced cert-manager v1 types and generated
// client shapes of the certmanager_keymanagerdefaults case.
package apis

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type PrivateKeyRotationPolicy string

const (
	RotationPolicyNever  PrivateKeyRotationPolicy = "Never"
	RotationPolicyAlways PrivateKeyRotationPolicy = "Always"
)

type CertificatePrivateKey struct {
	RotationPolicy PrivateKeyRotationPolicy
}

type CertificateSpec struct {
	SecretName string
	PrivateKey *CertificatePrivateKey
}

type CertificateStatus struct {
	NextPrivateKeySecretName *string
	Issuing                  bool
}

type Certificate struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   CertificateSpec
	Status CertificateStatus
}

func (in *Certificate) DeepCopyInto(out *Certificate) { *out = *in }

func (in *Certificate) DeepCopy() *Certificate {
	if in == nil {
		return nil
	}
	out := new(Certificate)
	in.DeepCopyInto(out)
	return out
}

func (in *Certificate) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// CertificateNamespaceLister and CertificateLister have the generated
// lister's shape.
type CertificateNamespaceLister interface {
	Get(name string) (*Certificate, error)
}

type CertificateLister interface {
	Certificates(namespace string) CertificateNamespaceLister
}

// CertificateInterface has the generated typed client's shape.
type CertificateInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*Certificate, error)
	UpdateStatus(ctx context.Context, certificate *Certificate, opts metav1.UpdateOptions) (*Certificate, error)
}

type CertmanagerV1Interface interface {
	Certificates(namespace string) CertificateInterface
}

type Interface interface {
	CertmanagerV1() CertmanagerV1Interface
}
