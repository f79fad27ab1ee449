// Package directpv_synccrdobjects reduces a bug fixed in minio/directpv
// (then minio/direct-csi).
//
//	repo:     https://github.com/minio/directpv
//	fix:      https://github.com/minio/directpv/commit/409af01fe4b4d3bed21a3f26f551e29bca2dc0ec ("Retry the CRD update on conflict")
//	file:     cmd/kubectl-direct_csi/utils.go (called from cmd/kubectl-direct_csi/install.go)
//	function: syncCRDObjects, called from install, the RunE of `kubectl direct-csi install`
//
// The kubectl plugin's install command registers the CRDs, migrates the
// stored objects to the new version and then stamps a version label on
// each CRD with Update, using the CRD it read before the migration. The
// API server writes the CRD's status right after a registration, so the
// Update could fail with a Conflict, which went back through install to
// cobra: the plugin exited halfway through the installation, with the
// objects migrated but the CRDs unlabelled and the conversion deployment
// never created. The fix re-reads the CRD and re-applies the label inside
// retry.RetryOnConflict.
package directpv_synccrdobjects

import (
	"context"

	"github.com/spf13/cobra"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"k8s.io/klog/v2"
)

const (
	driveCRDName  = "directcsidrives.direct.csi.min.io"
	volumeCRDName = "directcsivolumes.direct.csi.min.io"
	versionLabel  = "direct.csi.min.io/version"
	version       = "v1beta2"
)

var crdClient crdclient.CustomResourceDefinitionInterface

// getCRDClient stands for utils.GetCRDClient, the plugin's global client.
func getCRDClient() crdclient.CustomResourceDefinitionInterface { return crdClient }

func getLabelV(crd *apiextensions.CustomResourceDefinition, key string) string {
	return crd.GetLabels()[key]
}

func setLabelKV(crd *apiextensions.CustomResourceDefinition, key, value string) {
	labels := crd.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels[key] = value
	crd.SetLabels(labels)
}

func registerCRDs(ctx context.Context) error { return nil }

func createOrUpdateConversionDeployment(ctx context.Context) error { return nil }

// syncObjects migrates the stored objects of a CRD to the current version.
func syncObjects(ctx context.Context, crd *apiextensions.CustomResourceDefinition) error {
	storedVersions := crd.Status.StoredVersions
	if len(storedVersions) == 0 || (len(storedVersions) == 1 && storedVersions[0] == version) {
		return nil
	}
	klog.Infof("'%s' objects successfully synced", crd.Name)
	return nil
}

// syncCRDObjectsBuggy is syncCRDObjects before the fix.
func syncCRDObjectsBuggy(ctx context.Context) error {
	crdClient := getCRDClient()
	for _, crdName := range []string{driveCRDName, volumeCRDName} {
		crd, err := crdClient.Get(ctx, crdName, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if getLabelV(crd, versionLabel) == version {
			continue
		}
		if err := syncObjects(ctx, crd); err != nil {
			return err
		}
		setLabelKV(crd, versionLabel, version)
		if _, err := crdClient.Update(ctx, crd, metav1.UpdateOptions{}); err != nil { // realbug: unretriedupdate
			return err
		}
	}
	return nil
}

// syncCRDObjectsFixed is syncCRDObjects after the fix.
func syncCRDObjectsFixed(ctx context.Context) error {
	crdClient := getCRDClient()
	for _, crdName := range []string{driveCRDName, volumeCRDName} {
		if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			crd, err := crdClient.Get(ctx, crdName, metav1.GetOptions{})
			if err != nil {
				return err
			}
			if getLabelV(crd, versionLabel) == version {
				return nil
			}
			if err := syncObjects(ctx, crd); err != nil {
				return err
			}
			setLabelKV(crd, versionLabel, version)
			if _, err := crdClient.Update(ctx, crd, metav1.UpdateOptions{}); err != nil {
				return err
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// installBuggy is install before the fix (flag validation, namespace,
// RBAC and CSI driver creation left out).
func installBuggy(ctx context.Context, args []string) error {
	if err := registerCRDs(ctx); err != nil {
		return err
	}
	klog.Infof("crds successfully registered")
	if err := syncCRDObjectsBuggy(ctx); err != nil {
		return err
	}
	if err := createOrUpdateConversionDeployment(ctx); err != nil {
		return err
	}
	return nil
}

// installFixed is install after the fix: unchanged but for the sync.
func installFixed(ctx context.Context, args []string) error {
	if err := registerCRDs(ctx); err != nil {
		return err
	}
	klog.Infof("crds successfully registered")
	if err := syncCRDObjectsFixed(ctx); err != nil {
		return err
	}
	if err := createOrUpdateConversionDeployment(ctx); err != nil {
		return err
	}
	return nil
}

var installCmdBuggy = &cobra.Command{
	Use:          "install",
	Short:        "Install direct-csi in k8s cluster",
	SilenceUsage: true,
	RunE: func(c *cobra.Command, args []string) error {
		return installBuggy(context.Background(), args) // realbug: unretriedupdate alt "RunE returns the Conflict to cobra, which prints it and exits halfway through the installation"
	},
}

var installCmdFixed = &cobra.Command{
	Use:          "install",
	Short:        "Install direct-csi in k8s cluster",
	SilenceUsage: true,
	RunE: func(c *cobra.Command, args []string) error {
		return installFixed(context.Background(), args)
	},
}
