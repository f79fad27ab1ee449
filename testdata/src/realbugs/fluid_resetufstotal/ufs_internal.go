// Package fluid_resetufstotal reduces a bug fixed in
// fluid-cloudnative/fluid.
//
//	repo:     https://github.com/fluid-cloudnative/fluid
//	fix:      https://github.com/fluid-cloudnative/fluid/pull/5695 (commit 7c497966e0e4616d0a2eda12cdd2d43f8f3b093a)
//	file:     pkg/ddc/alluxio/ufs_internal.go
//	function: (*AlluxioEngine).processUpdatingUFS, from UpdateOnUFSChange
//
// After mounting or unmounting storage in Alluxio, the engine reset the
// Dataset's status.ufsTotal to the "[Calculating]" sentinel, which tells
// SyncMetadata it must compute the size again, and then ran SyncMetadata.
// A Conflict on that status write was only logged, and the error variable
// was at once overwritten by SyncMetadata's result, so the Dataset kept
// its old total after the mounts changed. The fix re-reads the Dataset and
// resets the total inside retry.RetryOnConflict, and returns the error.
package fluid_resetufstotal

import (
	"context"
	"reflect"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const metadataSyncNotDoneMsg = "[Calculating]"

type DatasetStatus struct {
	UfsTotal string
}

type Dataset struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status DatasetStatus
}

func (in *Dataset) DeepCopyInto(out *Dataset) { *out = *in }

func (in *Dataset) DeepCopy() *Dataset {
	if in == nil {
		return nil
	}
	out := new(Dataset)
	in.DeepCopyInto(out)
	return out
}

func (in *Dataset) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// getDataset is utils.GetDataset.
func getDataset(c client.Client, name, namespace string) (*Dataset, error) {
	var dataset Dataset
	if err := c.Get(context.TODO(), types.NamespacedName{Name: name, Namespace: namespace}, &dataset); err != nil {
		return nil, err
	}
	return &dataset, nil
}

type UFSToUpdate struct {
	toAdd []string
}

func (u *UFSToUpdate) ToAdd() []string { return u.toAdd }

type AlluxioEngine struct {
	Client    client.Client
	Log       logr.Logger
	name      string
	namespace string
}

func (e *AlluxioEngine) updatingUFSWithMountCommand(dataset *Dataset, ufsToUpdate *UFSToUpdate) (bool, error) {
	return true, nil
}

func (e *AlluxioEngine) SyncMetadata() error { return nil }

func (e *AlluxioEngine) updateMountTime() {}

// processUpdatingUFSBuggy is processUpdatingUFS before the fix.
func (e *AlluxioEngine) processUpdatingUFSBuggy(ufsToUpdate *UFSToUpdate) (updateReady bool, err error) {
	dataset, err := getDataset(e.Client, e.name, e.namespace)
	if err != nil {
		return false, err
	}

	updateReady, err = e.updatingUFSWithMountCommand(dataset, ufsToUpdate)
	if err != nil {
		return
	}

	if updateReady {
		// need to reset ufsTotal to Calculating so that SyncMetadata will work
		datasetToUpdate := dataset.DeepCopy()
		datasetToUpdate.Status.UfsTotal = metadataSyncNotDoneMsg
		if !reflect.DeepEqual(dataset.Status, datasetToUpdate.Status) {
			err = e.Client.Status().Update(context.TODO(), datasetToUpdate) // realbug: unretriedupdate
			if err != nil {
				e.Log.Error(err, "fail to update ufsTotal of dataset to Calculating")
			}
		}

		err = e.SyncMetadata()
		if err != nil {
			// just report this error and ignore it because SyncMetadata isn't on the critical path of Setup
			e.Log.Error(err, "SyncMetadata", "dataset", e.name)
			return true, nil
		}

		if len(ufsToUpdate.ToAdd()) > 0 {
			e.updateMountTime()
		}
	}
	return
}

// processUpdatingUFSFixed is processUpdatingUFS after the fix.
func (e *AlluxioEngine) processUpdatingUFSFixed(ufsToUpdate *UFSToUpdate) (updateReady bool, err error) {
	dataset, err := getDataset(e.Client, e.name, e.namespace)
	if err != nil {
		return false, err
	}

	updateReady, err = e.updatingUFSWithMountCommand(dataset, ufsToUpdate)
	if err != nil {
		return
	}

	if updateReady {
		if err = e.resetUfsTotalForSync(); err != nil {
			return true, err
		}

		if err = e.SyncMetadata(); err != nil {
			// just report this error and ignore it because SyncMetadata isn't on the critical path of Setup
			e.Log.Error(err, "SyncMetadata", "dataset", e.name)
			return true, nil
		}

		if len(ufsToUpdate.ToAdd()) > 0 {
			e.updateMountTime()
		}
	}
	return
}

// resetUfsTotalForSync resets the dataset's UfsTotal to the Calculating
// sentinel inside RetryOnConflict.
func (e *AlluxioEngine) resetUfsTotalForSync() error {
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		dataset, err := getDataset(e.Client, e.name, e.namespace)
		if err != nil {
			return err
		}
		datasetToUpdate := dataset.DeepCopy()
		datasetToUpdate.Status.UfsTotal = metadataSyncNotDoneMsg
		if !reflect.DeepEqual(dataset.Status, datasetToUpdate.Status) {
			return e.Client.Status().Update(context.Background(), datasetToUpdate)
		}
		return nil
	})
}
