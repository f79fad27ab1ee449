// Package velero_restorestatus reduces a bug fixed in vmware-tanzu/velero.
//
//	repo:     https://github.com/vmware-tanzu/velero
//	fix:      https://github.com/vmware-tanzu/velero/pull/8630 (commit f0efe2aaa181f61830bf08f08e3c7676d92db901; issue 8184)
//	file:     pkg/restore/restore.go, over pkg/client/dynamic.go
//	function: (*restoreContext).restoreItem, writing through the project's client.Dynamic interface
//
// After creating a restored object, restoreItem wrote the backed-up status
// with UpdateStatus, carrying the resourceVersion of the object it had
// just created. A controller that picks the new object up at once (and
// writes it) made that write fail with a Conflict, which restoreItem only
// logged and added to the restore's warnings: the restore completed, the
// object kept an empty status. The fix retries the status write with
// retry.RetryOnConflict, taking the live resourceVersion from a Get on the
// Conflict branch.
package velero_restorestatus

import (
	"context"
	"fmt"

	"github.com/sirupsen/logrus"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/util/retry"

	"realbugs/velero_restorestatus/results"
)

// Dynamic contains the client methods Velero needs (pkg/client).
type Dynamic interface {
	Create(obj *unstructured.Unstructured) (*unstructured.Unstructured, error)
	Get(name string, opts metav1.GetOptions) (*unstructured.Unstructured, error)
	UpdateStatus(obj *unstructured.Unstructured, opts metav1.UpdateOptions) (*unstructured.Unstructured, error)
}

// dynamicResourceClient implements Dynamic over the dynamic client.
type dynamicResourceClient struct {
	resourceClient dynamic.ResourceInterface
}

var _ Dynamic = &dynamicResourceClient{}

func (d *dynamicResourceClient) Create(obj *unstructured.Unstructured) (*unstructured.Unstructured, error) {
	return d.resourceClient.Create(context.TODO(), obj, metav1.CreateOptions{})
}

func (d *dynamicResourceClient) Get(name string, opts metav1.GetOptions) (*unstructured.Unstructured, error) {
	return d.resourceClient.Get(context.TODO(), name, opts)
}

func (d *dynamicResourceClient) UpdateStatus(obj *unstructured.Unstructured, opts metav1.UpdateOptions) (*unstructured.Unstructured, error) {
	return d.resourceClient.UpdateStatus(context.TODO(), obj, opts) // realbug: unretriedupdate alt "strict mode reports the project client's own write, behind the Dynamic interface"
}

type restoreContext struct {
	log logrus.FieldLogger
}

func namespaceAndName(obj *unstructured.Unstructured) string {
	return fmt.Sprintf("%s/%s", obj.GetNamespace(), obj.GetName())
}

// restoreItemBuggy is restoreItem before the fix, from the object's
// creation to the status write (the existing-object policies, the item
// actions and the managed fields patch are left out).
func (ctx *restoreContext) restoreItemBuggy(obj *unstructured.Unstructured, resourceClient Dynamic, namespace string, shouldRestoreStatus bool) (results.Result, results.Result, bool) {
	warnings, errs := results.Result{}, results.Result{}
	objStatus, statusFieldExists, _ := unstructured.NestedFieldCopy(obj.Object, "status")

	createdObj, restoreErr := resourceClient.Create(obj)
	if restoreErr != nil {
		ctx.log.Errorf("error restoring %s: %+v", obj.GetName(), restoreErr)
		errs.Add(namespace, fmt.Errorf("error restoring %s: %v", obj.GetName(), restoreErr))
		return warnings, errs, false
	}

	if statusFieldExists && shouldRestoreStatus {
		if err := unstructured.SetNestedField(obj.Object, objStatus, "status"); err != nil {
			ctx.log.Errorf("could not set status field %s: %v", namespaceAndName(obj), err)
			errs.Add(namespace, err)
			return warnings, errs, false
		}
		obj.SetResourceVersion(createdObj.GetResourceVersion())
		updated, err := resourceClient.UpdateStatus(obj, metav1.UpdateOptions{}) // realbug: unretriedupdate
		if err != nil {
			ctx.log.Infof("status field update failed %s: %v", namespaceAndName(obj), err)
			warnings.Add(namespace, err)
		} else {
			createdObj = updated
		}
	}
	ctx.log.Infof("Restored %s", createdObj.GetName())
	return warnings, errs, false
}

// restoreItemFixed is restoreItem after the fix.
func (ctx *restoreContext) restoreItemFixed(obj *unstructured.Unstructured, resourceClient Dynamic, namespace string, shouldRestoreStatus bool) (results.Result, results.Result, bool) {
	warnings, errs := results.Result{}, results.Result{}
	name := obj.GetName()
	objStatus, statusFieldExists, _ := unstructured.NestedFieldCopy(obj.Object, "status")

	createdObj, restoreErr := resourceClient.Create(obj)
	if restoreErr != nil {
		ctx.log.Errorf("error restoring %s: %+v", obj.GetName(), restoreErr)
		errs.Add(namespace, fmt.Errorf("error restoring %s: %v", obj.GetName(), restoreErr))
		return warnings, errs, false
	}

	if statusFieldExists && shouldRestoreStatus {
		if err := unstructured.SetNestedField(obj.Object, objStatus, "status"); err != nil {
			ctx.log.Errorf("could not set status field %s: %v", namespaceAndName(obj), err)
			errs.Add(namespace, err)
			return warnings, errs, false
		}

		resourceVersion := createdObj.GetResourceVersion()
		if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			obj.SetResourceVersion(resourceVersion)
			updated, err := resourceClient.UpdateStatus(obj, metav1.UpdateOptions{})
			if err != nil {
				if apierrors.IsConflict(err) {
					res, err := resourceClient.Get(name, metav1.GetOptions{})
					if err == nil {
						resourceVersion = res.GetResourceVersion()
					}
				}
				return err
			}
			createdObj = updated
			return nil
		}); err != nil {
			ctx.log.Infof("status field update failed %s: %v", namespaceAndName(obj), err)
			warnings.Add(namespace, err)
		}
	}
	ctx.log.Infof("Restored %s", createdObj.GetName())
	return warnings, errs, false
}
