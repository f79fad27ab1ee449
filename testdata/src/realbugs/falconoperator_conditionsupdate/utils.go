// Package falconoperator_conditionsupdate reduces a bug fixed in
// CrowdStrike/falcon-operator.
//
//	repo:     https://github.com/CrowdStrike/falcon-operator
//	fix:      https://github.com/CrowdStrike/falcon-operator/pull/535 (commit 52bbb29401f7996e396f6f761fe07ecfeeda0998)
//	file:     internal/controller/common/utils.go
//	function: ConditionsUpdate
//
// The shared helper re-read the custom resource once, set a condition and
// wrote the status; a Conflict with the other reconcilers that write the
// same object failed the whole reconcile, which then started over. The fix
// runs the re-read and the write inside retry.RetryOnConflict. (The error
// was returned, so the work queue did requeue: a lost write in strict
// terms only.)
package falconoperator_conditionsupdate

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// FalconCRStatus is the status shared by the Falcon custom resources.
type FalconCRStatus struct {
	Conditions []metav1.Condition
}

// ConditionsUpdateBuggy is ConditionsUpdate before the fix.
func ConditionsUpdateBuggy(r client.Client, ctx context.Context, req ctrl.Request, log logr.Logger, falconObject client.Object, falconStatus *FalconCRStatus, falconCondition metav1.Condition) error {
	if !meta.IsStatusConditionPresentAndEqual(falconStatus.Conditions, falconCondition.Type, falconCondition.Status) {
		fgvk := falconObject.GetObjectKind().GroupVersionKind()

		err := r.Get(ctx, req.NamespacedName, falconObject)
		if err != nil {
			log.Error(err, fmt.Sprintf("Failed to re-fetch %s for status update", fgvk.Kind))
			return err
		}

		meta.SetStatusCondition(&falconStatus.Conditions, falconCondition)
		err = r.Status().Update(ctx, falconObject) // realbug: unretriedupdate miss=default "the error is returned to the reconciler, which requeues; propagate mode counts that as handled"
		if err != nil {
			log.Error(err, fmt.Sprintf("Failed to update %s status", fgvk.Kind))
			return err
		}
	}
	return nil
}

// ConditionsUpdateFixed is ConditionsUpdate after the fix.
func ConditionsUpdateFixed(r client.Client, ctx context.Context, req ctrl.Request, log logr.Logger, falconObject client.Object, falconStatus *FalconCRStatus, falconCondition metav1.Condition) error {
	if !meta.IsStatusConditionPresentAndEqual(falconStatus.Conditions, falconCondition.Type, falconCondition.Status) {
		fgvk := falconObject.GetObjectKind().GroupVersionKind()

		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			err := r.Get(ctx, req.NamespacedName, falconObject)
			if err != nil {
				log.Error(err, fmt.Sprintf("Failed to re-fetch %s for status update", fgvk.Kind))
				return err
			}
			meta.SetStatusCondition(&falconStatus.Conditions, falconCondition)
			return r.Status().Update(ctx, falconObject)
		})
		if err != nil {
			log.Error(err, fmt.Sprintf("Failed to update %s status", fgvk.Kind))
			return err
		}
	}
	return nil
}
