// Package certmanager_keymanagerdefaults reduces a bug fixed in
// cert-manager/cert-manager.
//
//	repo:     https://github.com/cert-manager/cert-manager
//	fix:      https://github.com/cert-manager/cert-manager/pull/7743 (commit 2d28b29804305b7ee695648bd6ee97c212689433, "Avoid mutating the client-go informer cache")
//	file:     pkg/controller/certificates/keymanager/keymanager_controller.go, with internal/apis/certmanager/v1/defaults.go
//	function: (*controller).ProcessItem, calling cminternal.SetRuntimeDefaults_Certificate
//
// The key manager took the Certificate from the informer's lister and
// handed it to SetRuntimeDefaults_Certificate, a helper in another package
// that fills in spec.privateKey and its rotation policy in place, so the
// shared cache held a Certificate with a private key policy the API server
// never stored (and two workers could write the same pointer at once).
// The fix deep-copies the Certificate before defaulting it, and documents
// that the helper must not be given a lister's object.
package certmanager_keymanagerdefaults

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"

	"realbugs/certmanager_keymanagerdefaults/apis"
	cminternal "realbugs/certmanager_keymanagerdefaults/internal"
)

type controller struct {
	certificateLister apis.CertificateLister
	client            apis.Interface
	recorder          record.EventRecorder
}

func (c *controller) createAndSetNextPrivateKey(ctx context.Context, crt *apis.Certificate) error {
	name := crt.Name + "-next"
	return c.setNextPrivateKeySecretName(ctx, crt, &name)
}

func (c *controller) setNextPrivateKeySecretName(ctx context.Context, crt *apis.Certificate, name *string) error {
	if name == nil && crt.Status.NextPrivateKeySecretName == nil {
		return nil
	}
	if name != nil && crt.Status.NextPrivateKeySecretName != nil && *name == *crt.Status.NextPrivateKeySecretName {
		return nil
	}
	crt = crt.DeepCopy()
	crt.Status.NextPrivateKeySecretName = name
	_, err := c.client.CertmanagerV1().Certificates(crt.Namespace).UpdateStatus(ctx, &apis.Certificate{ // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the shared status helper returns the error to the work queue"
		ObjectMeta: crt.ObjectMeta,
		Status:     crt.Status,
	}, metav1.UpdateOptions{})
	return err
}

// ProcessItemBuggy is ProcessItem before the fix (the handling of existing
// next-private-key Secrets is left out).
func (c *controller) ProcessItemBuggy(ctx context.Context, key types.NamespacedName) error {
	crt, err := c.certificateLister.Certificates(key.Namespace).Get(key.Name)
	if err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	if crt == nil || crt.DeletionTimestamp != nil {
		return nil
	}

	// Apply runtime defaults to apply default values that are governed by
	// controller feature gates, such as DefaultPrivateKeyRotationPolicyAlways.
	cminternal.SetRuntimeDefaults_Certificate(crt) // realbug: listermutation

	if !crt.Status.Issuing {
		return c.setNextPrivateKeySecretName(ctx, crt, nil)
	}
	switch crt.Spec.PrivateKey.RotationPolicy {
	case apis.RotationPolicyNever, apis.RotationPolicyAlways:
		return c.createAndSetNextPrivateKey(ctx, crt)
	default:
		return nil
	}
}

// ProcessItemFixed is ProcessItem after the fix.
func (c *controller) ProcessItemFixed(ctx context.Context, key types.NamespacedName) error {
	crt, err := c.certificateLister.Certificates(key.Namespace).Get(key.Name)
	if err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	if crt == nil || crt.DeletionTimestamp != nil {
		return nil
	}

	// We deep copy the object to avoid mutating the client-go cache.
	crt = crt.DeepCopy()
	cminternal.SetRuntimeDefaults_Certificate(crt)

	if !crt.Status.Issuing {
		return c.setNextPrivateKeySecretName(ctx, crt, nil)
	}
	switch crt.Spec.PrivateKey.RotationPolicy {
	case apis.RotationPolicyNever, apis.RotationPolicyAlways:
		return c.createAndSetNextPrivateKey(ctx, crt)
	default:
		return nil
	}
}
