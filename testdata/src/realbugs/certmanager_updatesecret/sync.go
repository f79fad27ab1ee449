// Package certmanager_updatesecret reduces a bug fixed in
// cert-manager/cert-manager (then jetstack/cert-manager).
//
//	repo:     https://github.com/cert-manager/cert-manager
//	fix:      https://github.com/cert-manager/cert-manager/pull/1980 (commit 3bb5fb1897a21bd4ac70a8855141c9dd752de1ce; issue 1951)
//	file:     pkg/controller/certificates/sync.go
//	function: (*controller).updateSecret, called from issue
//
// The certificates controller read the target Secret from the informer's
// lister and wrote the issuer annotations, the certificate-name label and
// the new key pair into that object's maps before updating it, so the
// shared cache changed on every issuance; the lister and the controller
// writing the same maps at once crashed cert-manager with "concurrent map
// writes" (issue 1951). The fix deep-copies the Secret right after the
// lister read. (client-go of 2019: Create and Update take only the
// object.)
package certmanager_updatesecret

import (
	"context"
	"fmt"
	"strings"

	kubernetes "example.com/legacy/client-go/kubernetes"
	corev1 "k8s.io/api/core/v1"
	k8sErrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	corelisters "k8s.io/client-go/listers/core/v1"
)

const (
	TLSCAKey                = "ca.crt"
	IssuerNameAnnotationKey = "certmanager.k8s.io/issuer-name"
	CommonNameAnnotationKey = "certmanager.k8s.io/common-name"
	AltNamesAnnotationKey   = "certmanager.k8s.io/alt-names"
	CertificateNameKey      = "certmanager.k8s.io/certificate-name"
)

type CertificateSpec struct {
	SecretName string
	IssuerName string
}

type Certificate struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec CertificateSpec
}

func (in *Certificate) DeepCopyObject() runtime.Object { out := *in; return &out }

type x509Certificate struct {
	CommonName string
	DNSNames   []string
}

func decodeX509CertificateBytes(b []byte) (*x509Certificate, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("no certificate data")
	}
	return &x509Certificate{}, nil
}

type controller struct {
	kClient      kubernetes.Interface
	secretLister corelisters.SecretLister
}

// updateSecretBuggy is updateSecret before the fix (the temporary
// certificate branch is left out).
func (c *controller) updateSecretBuggy(ctx context.Context, crt *Certificate, namespace string, cert, key, ca []byte) (*corev1.Secret, error) {
	if len(key) == 0 {
		return nil, fmt.Errorf("private key data must be set")
	}

	// get a copy of the current secret resource
	secret, err := c.secretLister.Secrets(namespace).Get(crt.Spec.SecretName)
	if err != nil && !k8sErrors.IsNotFound(err) {
		return nil, err
	}

	if secret == nil {
		secret = &corev1.Secret{
			ObjectMeta: metav1.ObjectMeta{Name: crt.Spec.SecretName, Namespace: namespace},
			Type:       corev1.SecretTypeTLS,
			Data:       map[string][]byte{},
		}
	}
	if secret.Data == nil {
		secret.Data = map[string][]byte{} // realbug: listermutation
	}
	if secret.Annotations == nil {
		secret.Annotations = make(map[string]string)
	}
	if secret.Labels == nil {
		secret.Labels = make(map[string]string)
	}

	x509Cert, err := decodeX509CertificateBytes(cert)
	if err != nil {
		return nil, fmt.Errorf("invalid certificate data: %v", err)
	}
	secret.Annotations[IssuerNameAnnotationKey] = crt.Spec.IssuerName
	secret.Annotations[CommonNameAnnotationKey] = x509Cert.CommonName
	secret.Annotations[AltNamesAnnotationKey] = strings.Join(x509Cert.DNSNames, ",")

	// Always set the certificate name label on the target secret
	secret.Labels[CertificateNameKey] = crt.Name

	// set the actual values in the secret
	secret.Data[corev1.TLSCertKey] = cert
	secret.Data[corev1.TLSPrivateKeyKey] = key
	secret.Data[TLSCAKey] = ca

	if secret.SelfLink == "" {
		secret, err = c.kClient.CoreV1().Secrets(namespace).Create(secret)
	} else {
		secret, err = c.kClient.CoreV1().Secrets(namespace).Update(secret) // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the error is returned to the sync, which requeues"
	}
	if err != nil {
		return nil, err
	}
	return secret, nil
}

// updateSecretFixed is updateSecret after the fix.
func (c *controller) updateSecretFixed(ctx context.Context, crt *Certificate, namespace string, cert, key, ca []byte) (*corev1.Secret, error) {
	if len(key) == 0 {
		return nil, fmt.Errorf("private key data must be set")
	}

	// get a copy of the current secret resource
	secret, err := c.secretLister.Secrets(namespace).Get(crt.Spec.SecretName)
	if err != nil && !k8sErrors.IsNotFound(err) {
		return nil, err
	}
	// create a deep copy of the secret before modifying it as we fetched it
	// from the lister's cache.
	if secret != nil {
		secret = secret.DeepCopy()
	}

	if secret == nil {
		secret = &corev1.Secret{
			ObjectMeta: metav1.ObjectMeta{Name: crt.Spec.SecretName, Namespace: namespace},
			Type:       corev1.SecretTypeTLS,
			Data:       map[string][]byte{},
		}
	}
	if secret.Data == nil {
		secret.Data = map[string][]byte{}
	}
	if secret.Annotations == nil {
		secret.Annotations = make(map[string]string)
	}
	if secret.Labels == nil {
		secret.Labels = make(map[string]string)
	}

	x509Cert, err := decodeX509CertificateBytes(cert)
	if err != nil {
		return nil, fmt.Errorf("invalid certificate data: %v", err)
	}
	secret.Annotations[IssuerNameAnnotationKey] = crt.Spec.IssuerName
	secret.Annotations[CommonNameAnnotationKey] = x509Cert.CommonName
	secret.Annotations[AltNamesAnnotationKey] = strings.Join(x509Cert.DNSNames, ",")

	secret.Labels[CertificateNameKey] = crt.Name

	secret.Data[corev1.TLSCertKey] = cert
	secret.Data[corev1.TLSPrivateKeyKey] = key
	secret.Data[TLSCAKey] = ca

	if secret.SelfLink == "" {
		secret, err = c.kClient.CoreV1().Secrets(namespace).Create(secret)
	} else {
		secret, err = c.kClient.CoreV1().Secrets(namespace).Update(secret) // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the error is returned to the sync, which requeues"
	}
	if err != nil {
		return nil, err
	}
	return secret, nil
}
