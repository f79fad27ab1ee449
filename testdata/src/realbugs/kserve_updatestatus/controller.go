// Package kserve_updatestatus reduces a bug fixed in kserve/kserve (then
// kubeflow/kfserving).
//
//	repo:     https://github.com/kserve/kserve
//	fix:      https://github.com/kserve/kserve/pull/450 (commit bccbd595ca6b8acd462a695f61ee3c03cb34a251)
//	file:     pkg/controller/inferenceservice/controller.go
//	function: (*ReconcileService).Reconcile, with its helper updateStatus
//
// Reconcile (the controller-runtime signature of 2019, without a context)
// called updateStatus, a helper that returns the error of r.Update, and on
// failure only recorded a Warning event with err.Error(), then returned
// success: a Conflict on the status write was lost until the next event.
// The fix returns the error so the request is requeued.
package kserve_updatestatus

import (
	"context"
	"reflect"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type InferenceServiceStatus struct {
	URL        string
	Conditions []metav1.Condition
}

type InferenceService struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status InferenceServiceStatus
}

func (in *InferenceService) DeepCopyObject() runtime.Object { out := *in; return &out }

type ReconcileService struct {
	client.Client
	Recorder record.EventRecorder
}

func (r *ReconcileService) reconcileServing(isvc *InferenceService) error {
	isvc.Status.URL = "http://" + isvc.Name
	return nil
}

// updateStatus is unchanged by the fix in the part kept here.
func (r *ReconcileService) updateStatus(desiredService *InferenceService) error {
	existing := &InferenceService{}
	namespacedName := types.NamespacedName{Name: desiredService.Name, Namespace: desiredService.Namespace}
	if err := r.Get(context.TODO(), namespacedName, existing); err != nil {
		return err
	}
	if reflect.DeepEqual(existing.Status, desiredService.Status) {
		// Nothing changed: a stale cached copy must not overwrite a newer status.
	} else if err := r.Update(context.TODO(), desiredService); err != nil { // realbug: unretriedupdate alt "strict mode reports the helper's own write, which is outside a retry scope (the helper is shared by both versions of Reconcile)"
		r.Recorder.Eventf(desiredService, corev1.EventTypeWarning, "UpdateFailed",
			"Failed to update status for InferenceService %q: %v", desiredService.Name, err)
		return err
	} else {
		r.Recorder.Eventf(desiredService, corev1.EventTypeNormal, "Updated", "Updated InferenceService %q", desiredService.GetName())
	}
	return nil
}

// ReconcileBuggy is Reconcile before the fix.
func (r *ReconcileService) ReconcileBuggy(request reconcile.Request) (reconcile.Result, error) {
	isvc := &InferenceService{}
	if err := r.Get(context.TODO(), request.NamespacedName, isvc); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.reconcileServing(isvc); err != nil {
		r.Recorder.Eventf(isvc, corev1.EventTypeWarning, "InternalError", err.Error())
		return reconcile.Result{}, err
	}
	if err := r.updateStatus(isvc); err != nil { // realbug: unretriedupdate
		r.Recorder.Eventf(isvc, corev1.EventTypeWarning, "InternalError", err.Error())
	}
	return reconcile.Result{}, nil
}

// ReconcileFixed is Reconcile after the fix.
func (r *ReconcileService) ReconcileFixed(request reconcile.Request) (reconcile.Result, error) {
	isvc := &InferenceService{}
	if err := r.Get(context.TODO(), request.NamespacedName, isvc); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.reconcileServing(isvc); err != nil {
		r.Recorder.Eventf(isvc, corev1.EventTypeWarning, "InternalError", err.Error())
		return reconcile.Result{}, err
	}
	if err := r.updateStatus(isvc); err != nil {
		r.Recorder.Eventf(isvc, corev1.EventTypeWarning, "InternalError", err.Error())
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
