// Package varmor_policystatus reduces a bug fixed in bytedance/vArmor.
//
//	repo:     https://github.com/bytedance/vArmor
//	fix:      https://github.com/bytedance/vArmor/pull/135 (commit d94358473eaee4c80a1625d4ac88d576e473e24d)
//	file:     internal/status/api/v1/manager.go
//	function: (*StatusManager).updateVarmorPolicyStatus, called from the status loop reconcileStatus
//
// The retry closure assigned the result of UpdateStatus to the policy it
// writes; a generated typed client returns an empty object together with
// the error, so after a Conflict the closure's re-read asked for a policy
// with an empty name, failed with a non-Conflict error, and ended the
// retry; the status loop only logged it, and the policy's status stayed
// stale. The fix discards the write's result (and sets the condition
// inside the closure, on the re-read object).
package varmor_policystatus

import (
	"context"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
)

const (
	VarmorPolicyReady     = "Ready"
	VarmorPolicyUnchanged = ""
)

type VarmorPolicyCondition struct {
	Type               string
	Status             metav1.ConditionStatus
	LastTransitionTime metav1.Time
	Reason             string
}

type VarmorPolicyStatus struct {
	Ready      bool
	Phase      string
	Conditions []VarmorPolicyCondition
}

type VarmorPolicy struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status VarmorPolicyStatus
}

func (in *VarmorPolicy) DeepCopyObject() runtime.Object { out := *in; return &out }

// VarmorPolicyInterface has the generated typed client's shapes; its
// methods return a non-nil, empty object together with an error.
type VarmorPolicyInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*VarmorPolicy, error)
	UpdateStatus(ctx context.Context, varmorPolicy *VarmorPolicy, opts metav1.UpdateOptions) (*VarmorPolicy, error)
}

type CrdV1beta1Interface interface {
	VarmorPolicies(namespace string) VarmorPolicyInterface
}

type StatusManager struct {
	varmorInterface CrdV1beta1Interface
	log             logr.Logger
}

func readyCondition(ready bool) VarmorPolicyCondition {
	c := VarmorPolicyCondition{Type: VarmorPolicyReady, LastTransitionTime: metav1.Now(), Status: metav1.ConditionFalse, Reason: "Processing"}
	if ready {
		c.Status, c.Reason = metav1.ConditionTrue, "AllAgentsReady"
	}
	return c
}

func setCondition(vp *VarmorPolicy, condition VarmorPolicyCondition) {
	for i, c := range vp.Status.Conditions {
		if c.Type == VarmorPolicyReady {
			vp.Status.Conditions[i] = condition
			return
		}
	}
	vp.Status.Conditions = append(vp.Status.Conditions, condition)
}

// policyStatusChangedBuggy is the step of the status loop that writes a
// policy's status, before the fix.
func (m *StatusManager) policyStatusChangedBuggy(vp *VarmorPolicy, ready bool, phase string) {
	_, err := m.updateVarmorPolicyStatusBuggy(vp, ready, phase)
	if err != nil {
		m.log.Error(err, "m.updateVarmorPolicyStatus()")
	}
}

// updateVarmorPolicyStatusBuggy is updateVarmorPolicyStatus before the fix.
func (m *StatusManager) updateVarmorPolicyStatusBuggy(vp *VarmorPolicy, ready bool, phase string) (*VarmorPolicy, error) {
	if vp.Status.Ready == ready && vp.Status.Phase == phase {
		return vp, nil
	}
	setCondition(vp, readyCondition(ready))

	regain := false
	update := func() (err error) {
		if regain {
			vp, err = m.varmorInterface.VarmorPolicies(vp.Namespace).Get(context.Background(), vp.Name, metav1.GetOptions{})
			if err != nil {
				return err
			}
		}
		vp.Status.Ready = ready
		if phase != VarmorPolicyUnchanged {
			vp.Status.Phase = phase
		}
		vp, err = m.varmorInterface.VarmorPolicies(vp.Namespace).UpdateStatus(context.Background(), vp, metav1.UpdateOptions{}) // realbug: retryreget
		if err != nil {
			regain = true
		}
		return err
	}
	return vp, retry.RetryOnConflict(retry.DefaultRetry, update)
}

// policyStatusChangedFixed is the same step after the fix.
func (m *StatusManager) policyStatusChangedFixed(vp *VarmorPolicy, ready bool, phase string) {
	err := m.updateVarmorPolicyStatusFixed(vp, ready, phase)
	if err != nil {
		m.log.Error(err, "m.updateVarmorPolicyStatus()")
	}
}

// updateVarmorPolicyStatusFixed is updateVarmorPolicyStatus after the fix.
func (m *StatusManager) updateVarmorPolicyStatusFixed(vp *VarmorPolicy, ready bool, phase string) error {
	if vp.Status.Ready == ready && vp.Status.Phase == phase {
		return nil
	}
	condition := readyCondition(ready)

	regain := false
	update := func() (err error) {
		if regain {
			vp, err = m.varmorInterface.VarmorPolicies(vp.Namespace).Get(context.Background(), vp.Name, metav1.GetOptions{})
			if err != nil {
				return err
			}
		}
		setCondition(vp, condition)
		vp.Status.Ready = ready
		if phase != VarmorPolicyUnchanged {
			vp.Status.Phase = phase
		}
		_, err = m.varmorInterface.VarmorPolicies(vp.Namespace).UpdateStatus(context.Background(), vp, metav1.UpdateOptions{})
		if err != nil {
			regain = true
		}
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, update)
}
