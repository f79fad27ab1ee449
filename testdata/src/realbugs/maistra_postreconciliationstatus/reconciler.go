// Package maistra_postreconciliationstatus reduces a bug fixed in
// maistra/istio-operator.
//
//	repo:     https://github.com/maistra/istio-operator
//	fix:      https://github.com/maistra/istio-operator/pull/203 (commit 0706cb53e, MAISTRA-736)
//	file:     pkg/controller/servicemesh/controlplane/reconciler.go
//	function: (*ControlPlaneReconciler).postReconciliationStatus, deferred by Reconcile
//
// The deferred status post called PostStatus, a helper returning the error
// of Status().Update, and only logged a failure with logr: it had no error
// result, so Reconcile returned success and "the stale status can remain
// there for a long time" (review). The fix returns the error and the
// deferred call stores it in Reconcile's named error result. (The fix also
// posts intermediate progress messages with the error dropped on purpose;
// those are left out of this reduction.)
package maistra_postreconciliationstatus

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type ControlPlaneStatus struct {
	ObservedGeneration int64
	ReconciledMessage  string
}

type ServiceMeshControlPlane struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ControlPlaneStatus
}

func (in *ServiceMeshControlPlane) DeepCopyObject() runtime.Object { out := *in; return &out }

type ControlPlaneReconciler struct {
	Client   client.Client
	Log      logr.Logger
	Instance *ServiceMeshControlPlane
	Status   *ControlPlaneStatus
}

func (r *ControlPlaneReconciler) processComponents() error { return nil }

// PostStatusBuggy is PostStatus before the fix.
func (r *ControlPlaneReconciler) PostStatusBuggy() error {
	return r.Client.Status().Update(context.TODO(), r.Instance) // realbug: unretriedupdate alt "strict mode reports the helper's own write, since it is outside a retry scope"
}

// postReconciliationStatusBuggy is postReconciliationStatus before the fix.
func (r *ControlPlaneReconciler) postReconciliationStatusBuggy(reconciliationMessage string, processingErr error) {
	if processingErr == nil {
		r.Status.ReconciledMessage = reconciliationMessage
	} else {
		r.Status.ReconciledMessage = fmt.Sprintf("reconciliation error: %s", processingErr)
	}
	instance := &ServiceMeshControlPlane{}
	if updateErr := r.Client.Get(context.TODO(), client.ObjectKey{Name: r.Instance.Name, Namespace: r.Instance.Namespace}, instance); updateErr == nil {
		instance.Status = *r.Status
		r.Instance = instance
		if updateErr = r.PostStatusBuggy(); updateErr != nil && !(apierrors.IsGone(updateErr) || apierrors.IsNotFound(updateErr)) { // realbug: unretriedupdate
			r.Log.Error(updateErr, "error updating ServiceMeshControlPlane status")
		}
	} else if !(apierrors.IsGone(updateErr) || apierrors.IsNotFound(updateErr)) {
		r.Log.Error(updateErr, "error updating ServiceMeshControlPlane status")
	}
}

// ReconcileBuggy is Reconcile before the fix.
func (r *ControlPlaneReconciler) ReconcileBuggy() (reconcile.Result, error) {
	var err error
	var reconciliationMessage string
	defer func() {
		r.postReconciliationStatusBuggy(reconciliationMessage, err)
	}()
	if err = r.processComponents(); err != nil {
		reconciliationMessage = "error processing components"
		return reconcile.Result{}, err
	}
	reconciliationMessage = "Successfully installed all mesh components"
	return reconcile.Result{Requeue: true}, nil
}

// PostStatusFixed is PostStatus after the fix: it reads the live object
// and writes the status onto it.
func (r *ControlPlaneReconciler) PostStatusFixed() error {
	instance := &ServiceMeshControlPlane{}
	if updateErr := r.Client.Get(context.TODO(), client.ObjectKey{Name: r.Instance.Name, Namespace: r.Instance.Namespace}, instance); updateErr == nil {
		instance.Status = *r.Status
		if updateErr = r.Client.Status().Update(context.TODO(), instance); updateErr != nil && !(apierrors.IsGone(updateErr) || apierrors.IsNotFound(updateErr)) { // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the fix hands the error to Reconcile's result"
			r.Log.Error(updateErr, "error updating ServiceMeshControlPlane status")
			return updateErr
		}
	} else if !(apierrors.IsGone(updateErr) || apierrors.IsNotFound(updateErr)) {
		r.Log.Error(updateErr, "error updating ServiceMeshControlPlane status")
		return updateErr
	}
	return nil
}

// postReconciliationStatusFixed is postReconciliationStatus after the fix.
func (r *ControlPlaneReconciler) postReconciliationStatusFixed(reconciliationMessage string, processingErr error) error {
	if processingErr == nil {
		r.Status.ReconciledMessage = reconciliationMessage
	} else {
		r.Status.ReconciledMessage = fmt.Sprintf("%s: error: %s", reconciliationMessage, processingErr)
	}
	return r.PostStatusFixed()
}

// ReconcileFixed is Reconcile after the fix: the deferred post stores its
// error in the named result when there is no other error.
func (r *ControlPlaneReconciler) ReconcileFixed() (result reconcile.Result, err error) {
	var reconciliationMessage string
	defer func() {
		if statusErr := r.postReconciliationStatusFixed(reconciliationMessage, err); statusErr != nil && err == nil {
			err = statusErr
		}
	}()
	if err = r.processComponents(); err != nil {
		reconciliationMessage = "error processing components"
		return
	}
	reconciliationMessage = "Successfully installed all mesh components"
	result.Requeue = true
	return
}
