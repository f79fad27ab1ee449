package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// ReplicaSetSpec is the specification of a ReplicaSet.
type ReplicaSetSpec struct {
	Replicas *int32
	Template PodTemplateSpec
}

// ReplicaSetStatus represents the current status of a ReplicaSet.
type ReplicaSetStatus struct {
	Replicas           int32
	ReadyReplicas      int32
	AvailableReplicas  int32
	ObservedGeneration int64
}

// ReplicaSet ensures that a specified number of pod replicas are running at any given time.
type ReplicaSet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   ReplicaSetSpec
	Status ReplicaSetStatus
}

// ReplicaSetList is a collection of ReplicaSets.
type ReplicaSetList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []ReplicaSet
}

// DeepCopyInto copies the receiver into out.
func (in *ReplicaSet) DeepCopyInto(out *ReplicaSet) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ReplicaSet) DeepCopy() *ReplicaSet {
	if in == nil {
		return nil
	}
	out := new(ReplicaSet)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *ReplicaSet) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *ReplicaSetList) DeepCopyInto(out *ReplicaSetList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ReplicaSetList) DeepCopy() *ReplicaSetList {
	if in == nil {
		return nil
	}
	out := new(ReplicaSetList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *ReplicaSetList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
