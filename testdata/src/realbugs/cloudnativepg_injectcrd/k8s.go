// Package cloudnativepg_injectcrd reduces a bug fixed in
// cloudnative-pg/cloudnative-pg.
//
//	repo:     https://github.com/cloudnative-pg/cloudnative-pg
//	fix:      https://github.com/cloudnative-pg/cloudnative-pg/pull/501 (commit 0181b7a8a9d4d6061700d9eb03f2c7c57ab6dd26; issue #499)
//	file:     pkg/certs/k8s.go
//	function: (PublicKeyInfrastructure).injectPublicKeyIntoCRD, from setupWebhooksCertificate and ensureCertificatesAreUpToDate, run by the hourly cron job of schedulePeriodicMaintenance
//
// The operator keeps its own PKI: once at start (Setup) and then every hour
// (a robfig/cron job, "@every 1h"), it renews the webhook certificate and
// writes its CA bundle into the conversion webhook of each of its CRDs with
// a Get and an Update, on every run, changed or not. A Conflict from that
// Update (the CRDs are also written by whoever applies the manifests) went
// back through setupWebhooksCertificate and ensureCertificatesAreUpToDate
// to the cron job, which only logged "TLS maintenance failed"; the next try
// was an hour later. At start it went through Setup's retry.OnError, whose
// predicate retries NotFound, AlreadyExists and an unrefreshed secret
// mount, not a Conflict, to the operator's main. The fix wraps the Get and
// the Update in retry.RetryOnConflict and skips the Update when the bundle
// is already there.
package cloudnativepg_injectcrd

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/cloudnative-pg/cloudnative-pg/pkg/management/log"
	"github.com/robfig/cron"
	corev1 "k8s.io/api/core/v1"
	apiextensionsclientset "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
)

var pkiLog = log.WithName("pki")

// errSecretsMountNotRefreshed: the kubelet has not yet written the
// renewed secret into the operator's pod.
var errSecretsMountNotRefreshed = errors.New("secrets mount not refreshed")

func isSecretsMountNotRefreshedError(err error) bool { return err == errSecretsMountNotRefreshed }

// PublicKeyInfrastructure names the secrets and webhook configurations the
// operator keeps its certificates in.
type PublicKeyInfrastructure struct {
	CaSecretName                  string
	CertDir                       string
	SecretName                    string
	OperatorNamespace             string
	CustomResourceDefinitionsName []string
}

// ensureRootCACertificate reads the CA secret (its creation and renewal are
// left out).
func (pki PublicKeyInfrastructure) ensureRootCACertificate(ctx context.Context, client kubernetes.Interface) (*corev1.Secret, error) {
	return client.CoreV1().Secrets(pki.OperatorNamespace).Get(ctx, pki.CaSecretName, metav1.GetOptions{})
}

// ensureCertificate reads the webhook's serving certificate (its creation
// and renewal are left out).
func (pki PublicKeyInfrastructure) ensureCertificate(ctx context.Context, client kubernetes.Interface, caSecret *corev1.Secret) (*corev1.Secret, error) {
	return client.CoreV1().Secrets(pki.OperatorNamespace).Get(ctx, pki.SecretName, metav1.GetOptions{})
}

// ensureMountedSecretsAreInSync compares the secret with the files the
// kubelet mounted under CertDir (reduced to its result).
func ensureMountedSecretsAreInSync(secret *corev1.Secret, certDir string) error {
	if certDir == "" {
		return errSecretsMountNotRefreshed
	}
	return nil
}

// injectPublicKeyIntoCRDBuggy is injectPublicKeyIntoCRD before the fix.
func (pki PublicKeyInfrastructure) injectPublicKeyIntoCRDBuggy(
	ctx context.Context, apiClient apiextensionsclientset.Interface, name string, tlsSecret *corev1.Secret,
) error {
	crd, err := apiClient.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if conv := crd.Spec.Conversion; conv != nil && conv.Webhook != nil && conv.Webhook.ClientConfig != nil {
		conv.Webhook.ClientConfig.CABundle = tlsSecret.Data["tls.crt"]
	}
	_, err = apiClient.ApiextensionsV1().CustomResourceDefinitions().Update(ctx, crd, metav1.UpdateOptions{}) // realbug: unretriedupdate alt "strict mode reports the write itself, three returners below the cron job"
	return err
}

func (pki PublicKeyInfrastructure) setupWebhooksCertificateBuggy(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface, caSecret *corev1.Secret,
) (*corev1.Secret, error) {
	webhookSecret, err := pki.ensureCertificate(ctx, client, caSecret)
	if err != nil {
		return nil, err
	}
	for _, name := range pki.CustomResourceDefinitionsName {
		if err := pki.injectPublicKeyIntoCRDBuggy(ctx, apiClient, name, webhookSecret); err != nil {
			return nil, err
		}
	}
	return webhookSecret, nil
}

func (pki PublicKeyInfrastructure) ensureCertificatesAreUpToDateBuggy(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface,
) error {
	caSecret, err := pki.ensureRootCACertificate(ctx, client)
	if err != nil {
		return err
	}
	webhookSecret, err := pki.setupWebhooksCertificateBuggy(ctx, client, apiClient, caSecret)
	if err != nil {
		return err
	}
	return retry.OnError(retry.DefaultRetry, isSecretsMountNotRefreshedError, func() error {
		return ensureMountedSecretsAreInSync(webhookSecret, pki.CertDir)
	})
}

// schedulePeriodicMaintenanceBuggy runs the maintenance every hour; a
// failure is only logged.
func (pki PublicKeyInfrastructure) schedulePeriodicMaintenanceBuggy(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface,
) error {
	maintenance := func() {
		pkiLog.Info("Periodic TLS certificates maintenance")
		if err := pki.ensureCertificatesAreUpToDateBuggy(ctx, client, apiClient); err != nil { // realbug: unretriedupdate
			pkiLog.Error(err, "TLS maintenance failed")
		}
	}
	c := cron.New()
	err := c.AddFunc("@every 1h", maintenance)
	c.Start()
	if err != nil {
		return fmt.Errorf("error while scheduling CA maintenance: %w", err)
	}
	return nil
}

// SetupBuggy is Setup before the fix: the first run, at start, and the
// schedule of the others.
func (pki PublicKeyInfrastructure) SetupBuggy(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface,
) error {
	err := retry.OnError(retry.DefaultRetry, func(err error) bool {
		return apierrors.IsNotFound(err) || apierrors.IsAlreadyExists(err) || isSecretsMountNotRefreshedError(err)
	}, func() error {
		return pki.ensureCertificatesAreUpToDateBuggy(ctx, client, apiClient)
	})
	if err != nil {
		return err
	}
	return pki.schedulePeriodicMaintenanceBuggy(ctx, client, apiClient)
}

// injectPublicKeyIntoCRDFixed is injectPublicKeyIntoCRD after the fix.
func (pki PublicKeyInfrastructure) injectPublicKeyIntoCRDFixed(
	ctx context.Context, apiClient apiextensionsclientset.Interface, name string, tlsSecret *corev1.Secret,
) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		crd, err := apiClient.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		conv := crd.Spec.Conversion
		if conv == nil || conv.Webhook == nil || conv.Webhook.ClientConfig == nil ||
			bytes.Equal(conv.Webhook.ClientConfig.CABundle, tlsSecret.Data["tls.crt"]) {
			return nil
		}
		conv.Webhook.ClientConfig.CABundle = tlsSecret.Data["tls.crt"]
		_, err = apiClient.ApiextensionsV1().CustomResourceDefinitions().Update(ctx, crd, metav1.UpdateOptions{})
		return err
	})
}

func (pki PublicKeyInfrastructure) setupWebhooksCertificateFixed(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface, caSecret *corev1.Secret,
) (*corev1.Secret, error) {
	webhookSecret, err := pki.ensureCertificate(ctx, client, caSecret)
	if err != nil {
		return nil, err
	}
	for _, name := range pki.CustomResourceDefinitionsName {
		if err := pki.injectPublicKeyIntoCRDFixed(ctx, apiClient, name, webhookSecret); err != nil {
			return nil, err
		}
	}
	return webhookSecret, nil
}

func (pki PublicKeyInfrastructure) ensureCertificatesAreUpToDateFixed(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface,
) error {
	caSecret, err := pki.ensureRootCACertificate(ctx, client)
	if err != nil {
		return err
	}
	webhookSecret, err := pki.setupWebhooksCertificateFixed(ctx, client, apiClient, caSecret)
	if err != nil {
		return err
	}
	return retry.OnError(retry.DefaultRetry, isSecretsMountNotRefreshedError, func() error {
		return ensureMountedSecretsAreInSync(webhookSecret, pki.CertDir)
	})
}

func (pki PublicKeyInfrastructure) schedulePeriodicMaintenanceFixed(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface,
) error {
	maintenance := func() {
		pkiLog.Info("Periodic TLS certificates maintenance")
		if err := pki.ensureCertificatesAreUpToDateFixed(ctx, client, apiClient); err != nil {
			pkiLog.Error(err, "TLS maintenance failed")
		}
	}
	c := cron.New()
	err := c.AddFunc("@every 1h", maintenance)
	c.Start()
	if err != nil {
		return fmt.Errorf("error while scheduling CA maintenance: %w", err)
	}
	return nil
}

// SetupFixed is Setup after the fix, unchanged but for the chain it runs.
func (pki PublicKeyInfrastructure) SetupFixed(
	ctx context.Context, client kubernetes.Interface, apiClient apiextensionsclientset.Interface,
) error {
	err := retry.OnError(retry.DefaultRetry, func(err error) bool {
		return apierrors.IsNotFound(err) || apierrors.IsAlreadyExists(err) || isSecretsMountNotRefreshedError(err)
	}, func() error {
		return pki.ensureCertificatesAreUpToDateFixed(ctx, client, apiClient)
	})
	if err != nil {
		return err
	}
	return pki.schedulePeriodicMaintenanceFixed(ctx, client, apiClient)
}
