// Package imageregistryoperator_configupdate reduces a bug fixed in
// openshift/cluster-image-registry-operator.
//
//	repo:     https://github.com/openshift/cluster-image-registry-operator
//	fix:      https://github.com/openshift/cluster-image-registry-operator/commit/b14b8b2bf32a7bb894bfaeb5ff797e8c968a5f4f ("Retrying in case of conflict during Config update")
//	file:     pkg/operator/controller.go
//	function: (*Controller).sync
//
// Several controllers write the registry Config; sync updated the cached
// copy it had changed and, on a Conflict, returned the error without even
// logging it (klog v1 logged only other errors). The work queue requeued,
// but the storage the sync had just created was created again on the next
// pass, "hence the need to make sure we succeed" (commit message). The fix
// re-reads from the lister and re-applies the change inside
// retry.RetryOnConflict.
package imageregistryoperator_configupdate

import (
	"context"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	"k8s.io/klog"
)

const imageRegistryResourceName = "cluster"

type ConfigSpec struct {
	ManagementState string
	Storage         string
}

type Config struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ConfigSpec
}

func (in *Config) DeepCopy() *Config { out := *in; return &out }

func (in *Config) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// ConfigInterface is the generated typed client (cluster-scoped).
type ConfigInterface interface {
	Update(ctx context.Context, config *Config, opts metav1.UpdateOptions) (*Config, error)
}

type ImageregistryV1Interface interface {
	Configs() ConfigInterface
}

type RegOpClient interface {
	ImageregistryV1() ImageregistryV1Interface
}

// ConfigLister reads Configs from the informer cache.
type ConfigLister interface {
	Get(name string) (*Config, error)
}

type Controller struct {
	regOp  RegOpClient
	lister ConfigLister
}

func (c *Controller) createOrUpdateResources(cr *Config) error {
	cr.Spec.Storage = "s3"
	return nil
}

// syncBuggy is the spec-update part of sync before the fix.
func (c *Controller) syncBuggy() error {
	cr, err := c.lister.Get(imageRegistryResourceName)
	if err != nil {
		return fmt.Errorf("failed to get %q registry operator resource: %s", imageRegistryResourceName, err)
	}
	cr = cr.DeepCopy()
	prevCR := cr.DeepCopy()

	applyError := c.createOrUpdateResources(cr)

	if !reflect.DeepEqual(prevCR.Spec, cr.Spec) {
		klog.Infof("object changed: %s", cr.Name)
		updatedCR, err := c.regOp.ImageregistryV1().Configs().Update(context.TODO(), cr, metav1.UpdateOptions{}) // realbug: unretriedupdate miss=default "the error is returned to the work queue, which requeues; propagate mode counts that as handled, though the requeued sync repeats side effects"
		if err != nil {
			if !errors.IsConflict(err) {
				klog.Errorf("unable to update %s: %s", cr.Name, err)
			}
			return err
		}
		cr.ResourceVersion = updatedCR.ResourceVersion
	}
	return applyError
}

// syncFixed is the spec-update part of sync after the fix.
func (c *Controller) syncFixed() error {
	cr, err := c.lister.Get(imageRegistryResourceName)
	if err != nil {
		return fmt.Errorf("failed to get %q registry operator resource: %s", imageRegistryResourceName, err)
	}
	cr = cr.DeepCopy()
	prevCR := cr.DeepCopy()

	applyError := c.createOrUpdateResources(cr)

	if specChanged := !reflect.DeepEqual(prevCR.Spec, cr.Spec); specChanged {
		klog.Infof("object changed: %s", cr.Name)
		var updatedCR *Config
		if err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
			updatedCR, err = c.lister.Get(imageRegistryResourceName)
			if err != nil {
				return err
			}
			updatedCR = updatedCR.DeepCopy()
			updatedCR.Spec = cr.Spec

			updatedCR, err = c.regOp.ImageregistryV1().Configs().Update(context.TODO(), updatedCR, metav1.UpdateOptions{})
			return err
		}); err != nil {
			return fmt.Errorf("unable to update config spec: %s", err)
		}
		cr.ResourceVersion = updatedCR.ResourceVersion
	}
	return applyError
}
