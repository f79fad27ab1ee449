// Package gpuoperator_setconditions reduces a bug fixed in NVIDIA/gpu-operator.
//
//	repo:     https://github.com/NVIDIA/gpu-operator
//	fix:      https://github.com/NVIDIA/gpu-operator/pull/1838 (commit a2308d4b51a40e86e429ad550bc383cbac623ff4)
//	file:     internal/conditions/clusterpolicy.go
//	function: (*clusterPolicyUpdater).setConditions, called through the conditions.Updater interface
//
// The condition updater read the ClusterPolicy, set the Ready/Error
// conditions and wrote the status once; the reconciler, which writes the
// same object's state, made that write fail with a Conflict, and the
// callers only logged the updater's error (at debug level) before
// returning the reconcile error. The fix wraps the read-modify-write in
// retry.RetryOnConflict.
package gpuoperator_setconditions

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

const (
	Ready = "Ready"
	Error = "Error"
)

type ClusterPolicyStatus struct {
	Conditions []metav1.Condition
}

type ClusterPolicy struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ClusterPolicyStatus
}

func (in *ClusterPolicy) DeepCopyObject() runtime.Object { out := *in; return &out }

// Updater is how the reconcilers set conditions.
type Updater interface {
	SetConditionsReady(ctx context.Context, cr any, reason, message string) error
	SetConditionsError(ctx context.Context, cr any, reason, message string) error
}

type clusterPolicyUpdater struct {
	client client.Client
}

func setReadyOrError(conditions *[]metav1.Condition, statusType, reason, message string) error {
	switch statusType {
	case Ready:
		meta.SetStatusCondition(conditions, metav1.Condition{Type: Ready, Status: metav1.ConditionTrue, Reason: reason, Message: message})
		meta.SetStatusCondition(conditions, metav1.Condition{Type: Error, Status: metav1.ConditionFalse, Reason: Ready})
	case Error:
		meta.SetStatusCondition(conditions, metav1.Condition{Type: Ready, Status: metav1.ConditionFalse, Reason: Error})
		meta.SetStatusCondition(conditions, metav1.Condition{Type: Error, Status: metav1.ConditionTrue, Reason: reason, Message: message})
	default:
		return fmt.Errorf("unknown status type provided: %s", statusType)
	}
	return nil
}

// setConditionsBuggy is setConditions before the fix.
func (u *clusterPolicyUpdater) setConditionsBuggy(ctx context.Context, cr *ClusterPolicy, statusType, reason, message string) error {
	reqLogger := log.FromContext(ctx)
	instance := &ClusterPolicy{}
	err := u.client.Get(ctx, types.NamespacedName{Name: cr.Name}, instance)
	if err != nil {
		reqLogger.Error(err, "Failed to get ClusterPolicy instance for status update", "name", cr.Name)
		return err
	}
	if err := setReadyOrError(&instance.Status.Conditions, statusType, reason, message); err != nil {
		return err
	}
	return u.client.Status().Update(ctx, instance) // realbug: unretriedupdate miss=default "the error is returned through the Updater interface to callers that log it and return the reconcile error; propagate mode counts the returned error as handled"
}

// updateConditions is the read-modify-write the fix factored out.
func (u *clusterPolicyUpdater) updateConditions(ctx context.Context, cr *ClusterPolicy, statusType, reason, message string) error {
	instance := &ClusterPolicy{}
	if err := u.client.Get(ctx, types.NamespacedName{Name: cr.Name}, instance); err != nil {
		return fmt.Errorf("failed to get ClusterPolicy instance for status update: %w", err)
	}
	if err := setReadyOrError(&instance.Status.Conditions, statusType, reason, message); err != nil {
		return err
	}
	return u.client.Status().Update(ctx, instance) // realbug: unretriedupdate fp=strict "the helper is called only from inside a RetryOnConflict closure, but strict mode judges its write on its own and does not see the caller's retry scope"
}

// setConditionsFixed is setConditions after the fix.
func (u *clusterPolicyUpdater) setConditionsFixed(ctx context.Context, cr *ClusterPolicy, statusType, reason, message string) error {
	reqLogger := log.FromContext(ctx)
	err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return u.updateConditions(ctx, cr, statusType, reason, message)
	})
	if err != nil {
		reqLogger.Error(err, "Failed to update ClusterPolicy status after retries", "name", cr.Name)
	}
	return err
}
