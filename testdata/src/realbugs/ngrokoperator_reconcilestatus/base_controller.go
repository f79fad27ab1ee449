// Package ngrokoperator_reconcilestatus reduces a bug fixed in
// ngrok/ngrok-operator.
//
//	repo:     https://github.com/ngrok/ngrok-operator
//	fix:      https://github.com/ngrok/ngrok-operator/pull/773 (commit 72cef66086547463e11e6e5c4422ae5282d6cdb5)
//	file:     internal/controller/base_controller.go
//	function: (*BaseController[T]).ReconcileStatus
//
// The generic base controller wrote the status of an object whose
// resourceVersion had moved since the reconcile's Get (the finalizer patch
// earlier in the same reconcile changes it), so status writes failed with
// "the object has been modified" and the reconcile failed with a
// StatusError (a struct without Unwrap) and started over. The fix retries
// the write, re-reading the object on a Conflict and copying its live
// resourceVersion onto the object before the next attempt.
package ngrokoperator_reconcilestatus

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// StatusError wraps .Status().*() errors returned from the client.
type StatusError struct {
	err   error
	cause error
}

func (e StatusError) Error() string { return fmt.Sprintf("%s: %s", e.cause, e.err) }

// BaseController is ngrok's generic controller pattern.
type BaseController[T client.Object] struct {
	Kube     client.Client
	Log      logr.Logger
	Recorder record.EventRecorder
}

// ReconcileStatusBuggy is ReconcileStatus before the fix.
func (self *BaseController[T]) ReconcileStatusBuggy(ctx context.Context, obj T, origErr error) error {
	log := ctrl.LoggerFrom(ctx).WithValues("originalError", origErr)

	if err := self.Kube.Status().Update(ctx, obj); err != nil { // realbug: unretriedupdate miss=default "the error is returned (inside a StatusError struct) to the reconciler, which requeues; propagate mode counts that as handled"
		self.Recorder.Eventf(obj, "Warning", "StatusError", "Failed to reconcile status: %s", err.Error())
		log.V(1).Error(err, "Failed to update status")
		return StatusError{origErr, err}
	}

	self.Recorder.Eventf(obj, "Normal", "Status", "Successfully reconciled status")
	return nil
}

// ReconcileStatusFixed is ReconcileStatus after the fix.
func (self *BaseController[T]) ReconcileStatusFixed(ctx context.Context, obj T, origErr error) error {
	log := ctrl.LoggerFrom(ctx).WithValues("originalError", origErr)

	retryErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := self.Kube.Status().Update(ctx, obj)
		if apierrors.IsConflict(err) {
			// Status().Update writes only the status subresource, so the
			// live resourceVersion is all the next attempt needs.
			latest := obj.DeepCopyObject().(T)
			if getErr := self.Kube.Get(ctx, client.ObjectKeyFromObject(obj), latest); getErr != nil {
				return getErr
			}
			obj.SetResourceVersion(latest.GetResourceVersion())
		}
		return err
	})

	if retryErr != nil {
		self.Recorder.Eventf(obj, "Warning", "StatusError", "Failed to reconcile status: %s", retryErr.Error())
		log.V(1).Error(retryErr, "Failed to update status")
		return StatusError{err: origErr, cause: retryErr}
	}

	self.Recorder.Eventf(obj, "Normal", "Status", "Successfully reconciled status")
	return nil
}
