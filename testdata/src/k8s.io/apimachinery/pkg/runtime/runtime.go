// Package runtime is a test stub of k8s.io/apimachinery/pkg/runtime.
package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

// Object is anything the API machinery can serialize.
type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

// ApplyConfiguration marks a server-side apply request body.
type ApplyConfiguration interface {
	IsApplyConfiguration()
}

// ParameterCodec converts option structs to query parameters.
type ParameterCodec interface{}

// Scheme maps Go types to group version kinds.
type Scheme struct{}

// NewScheme returns an empty scheme.
func NewScheme() *Scheme { return &Scheme{} }

// ObjectKinds reports the kinds registered for obj.
func (s *Scheme) ObjectKinds(obj Object) ([]schema.GroupVersionKind, bool, error) {
	return nil, false, nil
}

// AddKnownTypes registers types under a group version.
func (s *Scheme) AddKnownTypes(gv schema.GroupVersion, types ...Object) {}
