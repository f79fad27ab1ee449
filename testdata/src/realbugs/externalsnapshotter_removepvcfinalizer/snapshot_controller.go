// Package externalsnapshotter_removepvcfinalizer reduces a bug fixed in
// kubernetes-csi/external-snapshotter.
//
//	repo:     https://github.com/kubernetes-csi/external-snapshotter
//	fix:      https://github.com/kubernetes-csi/external-snapshotter/pull/1339 (commit 658c1ac2f1fa9f2cf576c830342cb49c7488d95c; issue 957; the retry came in PR 1133)
//	file:     pkg/common-controller/snapshot_controller.go
//	function: (*csiSnapshotCommonController).removePVCFinalizer, called from checkandRemovePVCFinalizer
//
// The snapshot controller removed its protection finalizer from the source
// PVC inside retry.RetryOnConflict, re-reading the PVC on every attempt,
// but the closure turned the Update's error into the project's
// controllerUpdateError, which keeps only the message: IsConflict was
// false, RetryOnConflict gave up after the first Conflict, and the
// finalizer stayed until a later sync. The fix returns the Update error
// as it is and converts it after the retry.
package externalsnapshotter_removepvcfinalizer

import (
	"context"
	"fmt"
	"slices"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	klog "k8s.io/klog/v2"
)

const (
	pvcFinalizer            = "snapshot.storage.kubernetes.io/pvc-as-source-protection"
	controllerUpdateFailMsg = "snapshot controller failed to update"
)

type controllerUpdateError struct {
	message string
}

func newControllerUpdateError(name, message string) error {
	return controllerUpdateError{
		message: fmt.Sprintf("%s %s on API server: %s", controllerUpdateFailMsg, name, message),
	}
}

func (e controllerUpdateError) Error() string { return e.message }

func removeString(list []string, s string) []string {
	var out []string
	for _, item := range list {
		if item != s {
			out = append(out, item)
		}
	}
	return out
}

type csiSnapshotCommonController struct {
	client kubernetes.Interface
}

// removePVCFinalizerBuggy is removePVCFinalizer before the fix.
func (ctrl *csiSnapshotCommonController) removePVCFinalizerBuggy(pvc *v1.PersistentVolumeClaim) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		newPvc, err := ctrl.client.CoreV1().PersistentVolumeClaims(pvc.Namespace).Get(context.TODO(), pvc.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		newPvc = newPvc.DeepCopy()
		newPvc.ObjectMeta.Finalizers = removeString(newPvc.ObjectMeta.Finalizers, pvcFinalizer)
		_, err = ctrl.client.CoreV1().PersistentVolumeClaims(newPvc.Namespace).Update(context.TODO(), newPvc, metav1.UpdateOptions{})
		if err != nil {
			return newControllerUpdateError(newPvc.Name, err.Error()) // realbug: retryreget
		}
		klog.V(5).Infof("Removed protection finalizer from persistent volume claim %s", pvc.Name)
		return nil
	})
}

// removePVCFinalizerFixed is removePVCFinalizer after the fix.
func (ctrl *csiSnapshotCommonController) removePVCFinalizerFixed(pvc *v1.PersistentVolumeClaim) error {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		newPvc, err := ctrl.client.CoreV1().PersistentVolumeClaims(pvc.Namespace).Get(context.TODO(), pvc.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		newPvc = newPvc.DeepCopy()
		newPvc.ObjectMeta.Finalizers = removeString(newPvc.ObjectMeta.Finalizers, pvcFinalizer)
		_, err = ctrl.client.CoreV1().PersistentVolumeClaims(newPvc.Namespace).Update(context.TODO(), newPvc, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
		klog.V(5).Infof("Removed protection finalizer from persistent volume claim %s", pvc.Name)
		return nil
	})
	if err != nil {
		return newControllerUpdateError(pvc.Name, err.Error())
	}
	return nil
}

func (ctrl *csiSnapshotCommonController) isPVCBeingUsed(pvc *v1.PersistentVolumeClaim) bool {
	return false
}

// checkandRemovePVCFinalizer is the caller, unchanged by the fix but for
// the helper it calls.
func (ctrl *csiSnapshotCommonController) checkandRemovePVCFinalizer(pvc *v1.PersistentVolumeClaim, fixed bool) error {
	if slices.Contains(pvc.ObjectMeta.Finalizers, pvcFinalizer) && !ctrl.isPVCBeingUsed(pvc) {
		var err error
		if fixed {
			err = ctrl.removePVCFinalizerFixed(pvc)
		} else {
			err = ctrl.removePVCFinalizerBuggy(pvc)
		}
		if err != nil {
			klog.Errorf("checkandRemovePVCFinalizer: removePVCFinalizer failed to remove finalizer %v", err)
			return err
		}
	}
	return nil
}
