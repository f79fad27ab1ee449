// Package cloudnativepg_injectwebhook reduces a second bug of the same
// chain in cloudnative-pg/cloudnative-pg, fixed by a later change.
//
//	repo:     https://github.com/cloudnative-pg/cloudnative-pg
//	fix:      https://github.com/cloudnative-pg/cloudnative-pg/pull/547 (commit 06ea3cb5023664ea4a026b397d5fc033b644c905; issue #546, after PR #501)
//	file:     pkg/certs/k8s.go
//	function: (PublicKeyInfrastructure).injectPublicKeyIntoMutatingWebhook and injectPublicKeyIntoValidatingWebhook, from setupWebhooksCertificate and ensureCertificatesAreUpToDate, run by the hourly cron job of schedulePeriodicMaintenance
//
// Every hour (a robfig/cron job, "@every 1h") and once at start, the
// operator wrote the CA bundle of its webhook certificate into every
// webhook of its mutating and of its validating webhook configuration, a
// Get and an Update each, changed or not. A Conflict from either Update
// went back through setupWebhooksCertificate and
// ensureCertificatesAreUpToDate to the cron job, which only logged "TLS
// maintenance failed"; the next try was an hour later (at start, through
// Setup's retry.OnError, which does not retry a Conflict, to the
// operator's main). The fix, done as PR 501 had done for the CRDs, wraps
// each Get and Update in retry.RetryOnConflict and skips the Update when
// no webhook changes. Two writes, one fix: counted as one bug. (The CRD
// step between them, already fixed by PR 501, is left out.)
package cloudnativepg_injectwebhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/cloudnative-pg/cloudnative-pg/pkg/management/log"
	"github.com/robfig/cron"
	corev1 "k8s.io/api/core/v1"
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
	CaSecretName                       string
	CertDir                            string
	SecretName                         string
	OperatorNamespace                  string
	MutatingWebhookConfigurationName   string
	ValidatingWebhookConfigurationName string
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

// injectPublicKeyIntoMutatingWebhookBuggy is injectPublicKeyIntoMutatingWebhook
// before the fix.
func (pki PublicKeyInfrastructure) injectPublicKeyIntoMutatingWebhookBuggy(
	ctx context.Context, client kubernetes.Interface, tlsSecret *corev1.Secret,
) error {
	webhooks := client.AdmissionregistrationV1().MutatingWebhookConfigurations()
	config, err := webhooks.Get(ctx, pki.MutatingWebhookConfigurationName, metav1.GetOptions{})
	if err != nil {
		return err
	}
	for i := range config.Webhooks {
		config.Webhooks[i].ClientConfig.CABundle = tlsSecret.Data["tls.crt"]
	}
	_, err = webhooks.Update(ctx, config, metav1.UpdateOptions{}) // realbug: unretriedupdate alt "strict mode reports the mutating configuration's write itself, three returners below the cron job"
	return err
}

// injectPublicKeyIntoValidatingWebhookBuggy is
// injectPublicKeyIntoValidatingWebhook before the fix.
func (pki PublicKeyInfrastructure) injectPublicKeyIntoValidatingWebhookBuggy(
	ctx context.Context, client kubernetes.Interface, tlsSecret *corev1.Secret,
) error {
	webhooks := client.AdmissionregistrationV1().ValidatingWebhookConfigurations()
	config, err := webhooks.Get(ctx, pki.ValidatingWebhookConfigurationName, metav1.GetOptions{})
	if err != nil {
		return err
	}
	for i := range config.Webhooks {
		config.Webhooks[i].ClientConfig.CABundle = tlsSecret.Data["tls.crt"]
	}
	_, err = webhooks.Update(ctx, config, metav1.UpdateOptions{}) // realbug: unretriedupdate alt "strict mode reports the validating configuration's write itself, three returners below the cron job"
	return err
}

func (pki PublicKeyInfrastructure) setupWebhooksCertificateBuggy(
	ctx context.Context, client kubernetes.Interface, caSecret *corev1.Secret,
) (*corev1.Secret, error) {
	webhookSecret, err := pki.ensureCertificate(ctx, client, caSecret)
	if err != nil {
		return nil, err
	}
	if err := pki.injectPublicKeyIntoMutatingWebhookBuggy(ctx, client, webhookSecret); err != nil {
		return nil, err
	}
	if err := pki.injectPublicKeyIntoValidatingWebhookBuggy(ctx, client, webhookSecret); err != nil {
		return nil, err
	}
	return webhookSecret, nil
}

func (pki PublicKeyInfrastructure) ensureCertificatesAreUpToDateBuggy(ctx context.Context, client kubernetes.Interface) error {
	caSecret, err := pki.ensureRootCACertificate(ctx, client)
	if err != nil {
		return err
	}
	webhookSecret, err := pki.setupWebhooksCertificateBuggy(ctx, client, caSecret)
	if err != nil {
		return err
	}
	return retry.OnError(retry.DefaultRetry, isSecretsMountNotRefreshedError, func() error {
		return ensureMountedSecretsAreInSync(webhookSecret, pki.CertDir)
	})
}

// schedulePeriodicMaintenanceBuggy runs the maintenance every hour; a
// failure is only logged.
func (pki PublicKeyInfrastructure) schedulePeriodicMaintenanceBuggy(ctx context.Context, client kubernetes.Interface) error {
	maintenance := func() {
		pkiLog.Info("Periodic TLS certificates maintenance")
		if err := pki.ensureCertificatesAreUpToDateBuggy(ctx, client); err != nil { // realbug: unretriedupdate
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
func (pki PublicKeyInfrastructure) SetupBuggy(ctx context.Context, client kubernetes.Interface) error {
	err := retry.OnError(retry.DefaultRetry, func(err error) bool {
		return apierrors.IsNotFound(err) || apierrors.IsAlreadyExists(err) || isSecretsMountNotRefreshedError(err)
	}, func() error {
		return pki.ensureCertificatesAreUpToDateBuggy(ctx, client)
	})
	if err != nil {
		return err
	}
	return pki.schedulePeriodicMaintenanceBuggy(ctx, client)
}

// injectPublicKeyIntoMutatingWebhookFixed is injectPublicKeyIntoMutatingWebhook
// after the fix.
func (pki PublicKeyInfrastructure) injectPublicKeyIntoMutatingWebhookFixed(
	ctx context.Context, client kubernetes.Interface, tlsSecret *corev1.Secret,
) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		webhooks := client.AdmissionregistrationV1().MutatingWebhookConfigurations()
		config, err := webhooks.Get(ctx, pki.MutatingWebhookConfigurationName, metav1.GetOptions{})
		if err != nil {
			return err
		}
		changed := false
		for i := range config.Webhooks {
			if !bytes.Equal(config.Webhooks[i].ClientConfig.CABundle, tlsSecret.Data["tls.crt"]) {
				config.Webhooks[i].ClientConfig.CABundle = tlsSecret.Data["tls.crt"]
				changed = true
			}
		}
		if !changed {
			return nil
		}
		_, err = webhooks.Update(ctx, config, metav1.UpdateOptions{})
		return err
	})
}

// injectPublicKeyIntoValidatingWebhookFixed is
// injectPublicKeyIntoValidatingWebhook after the fix.
func (pki PublicKeyInfrastructure) injectPublicKeyIntoValidatingWebhookFixed(
	ctx context.Context, client kubernetes.Interface, tlsSecret *corev1.Secret,
) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		webhooks := client.AdmissionregistrationV1().ValidatingWebhookConfigurations()
		config, err := webhooks.Get(ctx, pki.ValidatingWebhookConfigurationName, metav1.GetOptions{})
		if err != nil {
			return err
		}
		changed := false
		for i := range config.Webhooks {
			if !bytes.Equal(config.Webhooks[i].ClientConfig.CABundle, tlsSecret.Data["tls.crt"]) {
				config.Webhooks[i].ClientConfig.CABundle = tlsSecret.Data["tls.crt"]
				changed = true
			}
		}
		if !changed {
			return nil
		}
		_, err = webhooks.Update(ctx, config, metav1.UpdateOptions{})
		return err
	})
}

func (pki PublicKeyInfrastructure) setupWebhooksCertificateFixed(
	ctx context.Context, client kubernetes.Interface, caSecret *corev1.Secret,
) (*corev1.Secret, error) {
	webhookSecret, err := pki.ensureCertificate(ctx, client, caSecret)
	if err != nil {
		return nil, err
	}
	if err := pki.injectPublicKeyIntoMutatingWebhookFixed(ctx, client, webhookSecret); err != nil {
		return nil, err
	}
	if err := pki.injectPublicKeyIntoValidatingWebhookFixed(ctx, client, webhookSecret); err != nil {
		return nil, err
	}
	return webhookSecret, nil
}

func (pki PublicKeyInfrastructure) ensureCertificatesAreUpToDateFixed(ctx context.Context, client kubernetes.Interface) error {
	caSecret, err := pki.ensureRootCACertificate(ctx, client)
	if err != nil {
		return err
	}
	webhookSecret, err := pki.setupWebhooksCertificateFixed(ctx, client, caSecret)
	if err != nil {
		return err
	}
	return retry.OnError(retry.DefaultRetry, isSecretsMountNotRefreshedError, func() error {
		return ensureMountedSecretsAreInSync(webhookSecret, pki.CertDir)
	})
}

func (pki PublicKeyInfrastructure) schedulePeriodicMaintenanceFixed(ctx context.Context, client kubernetes.Interface) error {
	maintenance := func() {
		pkiLog.Info("Periodic TLS certificates maintenance")
		if err := pki.ensureCertificatesAreUpToDateFixed(ctx, client); err != nil {
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
func (pki PublicKeyInfrastructure) SetupFixed(ctx context.Context, client kubernetes.Interface) error {
	err := retry.OnError(retry.DefaultRetry, func(err error) bool {
		return apierrors.IsNotFound(err) || apierrors.IsAlreadyExists(err) || isSecretsMountNotRefreshedError(err)
	}, func() error {
		return pki.ensureCertificatesAreUpToDateFixed(ctx, client)
	})
	if err != nil {
		return err
	}
	return pki.schedulePeriodicMaintenanceFixed(ctx, client)
}
