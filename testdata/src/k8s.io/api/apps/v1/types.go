// Package v1 is a test stub of k8s.io/api/apps/v1.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// PodTemplateSpec describes the pods a workload creates.
type PodTemplateSpec struct {
	metav1.ObjectMeta
	Spec corev1.PodSpec
}

// DeploymentSpec is the desired state of a deployment.
type DeploymentSpec struct {
	Replicas *int32
	Selector *metav1.LabelSelector
	Template PodTemplateSpec
	Paused   bool
}

// DeploymentConditionType names a deployment condition.
type DeploymentConditionType string

// DeploymentCondition is one observation about a deployment.
type DeploymentCondition struct {
	Type    DeploymentConditionType
	Status  corev1.ConditionStatus
	Reason  string
	Message string
}

// DeploymentStatus is the observed state of a deployment.
type DeploymentStatus struct {
	ObservedGeneration int64
	Replicas           int32
	UpdatedReplicas    int32
	ReadyReplicas      int32
	AvailableReplicas  int32
	Conditions         []DeploymentCondition
}

// Deployment manages a replicated set of pods.
type Deployment struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   DeploymentSpec
	Status DeploymentStatus
}

// DeploymentList is a list of Deployment.
type DeploymentList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Deployment
}

// DeepCopyInto copies the receiver into out.
func (in *Deployment) DeepCopyInto(out *Deployment) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Deployment) DeepCopy() *Deployment {
	if in == nil {
		return nil
	}
	out := new(Deployment)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Deployment) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *DeploymentList) DeepCopyInto(out *DeploymentList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *DeploymentList) DeepCopy() *DeploymentList {
	if in == nil {
		return nil
	}
	out := new(DeploymentList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *DeploymentList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
