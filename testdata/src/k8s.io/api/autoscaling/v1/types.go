// Package v1 is a test stub of k8s.io/api/autoscaling/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// ScaleSpec is the desired replica count.
type ScaleSpec struct {
	Replicas int32
}

// ScaleStatus is the observed replica count.
type ScaleStatus struct {
	Replicas int32
	Selector string
}

// Scale is the scale subresource of a workload.
type Scale struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   ScaleSpec
	Status ScaleStatus
}

// DeepCopyInto copies the receiver into out.
func (in *Scale) DeepCopyInto(out *Scale) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Scale) DeepCopy() *Scale {
	if in == nil {
		return nil
	}
	out := new(Scale)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Scale) DeepCopyObject() runtime.Object { return in.DeepCopy() }
