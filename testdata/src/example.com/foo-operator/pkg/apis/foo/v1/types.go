// Package v1 holds the API types of a sample custom resource, Foo, shaped
// like kubebuilder output.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// SchemeGroupVersion is the group version of Foo.
var SchemeGroupVersion = schema.GroupVersion{Group: "foo.example.com", Version: "v1"}

// FooSpec is the desired state of a Foo.
type FooSpec struct {
	Replicas *int32
	Message  string
}

// FooStatus is the observed state of a Foo.
type FooStatus struct {
	ObservedGeneration int64
	ReadyReplicas      int32
	Phase              string
	Conditions         []metav1.Condition
}

// Foo is a sample custom resource.
type Foo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   FooSpec
	Status FooStatus
}

// FooList is a list of Foo.
type FooList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Foo
}

// DeepCopyInto copies the receiver into out.
func (in *Foo) DeepCopyInto(out *Foo) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Foo) DeepCopy() *Foo {
	if in == nil {
		return nil
	}
	out := new(Foo)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Foo) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *FooList) DeepCopyInto(out *FooList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *FooList) DeepCopy() *FooList {
	if in == nil {
		return nil
	}
	out := new(FooList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *FooList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
