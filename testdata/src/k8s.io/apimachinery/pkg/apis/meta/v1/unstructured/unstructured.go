// Package unstructured is a test stub of
// k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.
package unstructured

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Unstructured is an object held as a generic JSON map.
type Unstructured struct {
	Object map[string]interface{}
}

// UnstructuredList is a list of Unstructured.
type UnstructuredList struct {
	Object map[string]interface{}
	Items  []Unstructured
}

var (
	_ metav1.Object        = (*Unstructured)(nil)
	_ runtime.Object       = (*Unstructured)(nil)
	_ metav1.ListInterface = (*UnstructuredList)(nil)
	_ runtime.Object       = (*UnstructuredList)(nil)
)

// NestedString reads a string at the given field path.
func NestedString(obj map[string]interface{}, fields ...string) (string, bool, error) {
	return "", false, nil
}

// NestedFieldCopy reads a deep copy of the value at the given field path.
func NestedFieldCopy(obj map[string]interface{}, fields ...string) (interface{}, bool, error) {
	return nil, false, nil
}

// SetNestedField writes value at the given field path.
func SetNestedField(obj map[string]interface{}, value interface{}, fields ...string) error {
	return nil
}

func (u *Unstructured) GetObjectKind() schema.ObjectKind { return u }
func (u *Unstructured) DeepCopyObject() runtime.Object   { return u.DeepCopy() }

// DeepCopy returns a copy of u.
func (u *Unstructured) DeepCopy() *Unstructured { return &Unstructured{Object: u.Object} }

// UnstructuredContent returns the underlying map.
func (u *Unstructured) UnstructuredContent() map[string]interface{} { return u.Object }

func (u *Unstructured) SetGroupVersionKind(gvk schema.GroupVersionKind) {}
func (u *Unstructured) GroupVersionKind() schema.GroupVersionKind       { return schema.GroupVersionKind{} }
func (u *Unstructured) GetAPIVersion() string                           { return "" }
func (u *Unstructured) SetAPIVersion(version string)                    {}
func (u *Unstructured) GetKind() string                                 { return "" }
func (u *Unstructured) SetKind(kind string)                             {}

// Metadata accessors; the stub keeps no state.

func (u *Unstructured) GetNamespace() string                                       { return "" }
func (u *Unstructured) SetNamespace(namespace string)                              {}
func (u *Unstructured) GetName() string                                            { return "" }
func (u *Unstructured) SetName(name string)                                        {}
func (u *Unstructured) GetGenerateName() string                                    { return "" }
func (u *Unstructured) SetGenerateName(name string)                                {}
func (u *Unstructured) GetUID() types.UID                                          { return "" }
func (u *Unstructured) SetUID(uid types.UID)                                       {}
func (u *Unstructured) GetResourceVersion() string                                 { return "" }
func (u *Unstructured) SetResourceVersion(version string)                          {}
func (u *Unstructured) GetGeneration() int64                                       { return 0 }
func (u *Unstructured) SetGeneration(generation int64)                             {}
func (u *Unstructured) GetSelfLink() string                                        { return "" }
func (u *Unstructured) SetSelfLink(selfLink string)                                {}
func (u *Unstructured) GetCreationTimestamp() metav1.Time                          { return metav1.Time{} }
func (u *Unstructured) SetCreationTimestamp(timestamp metav1.Time)                 {}
func (u *Unstructured) GetDeletionTimestamp() *metav1.Time                         { return nil }
func (u *Unstructured) SetDeletionTimestamp(timestamp *metav1.Time)                {}
func (u *Unstructured) GetDeletionGracePeriodSeconds() *int64                      { return nil }
func (u *Unstructured) SetDeletionGracePeriodSeconds(*int64)                       {}
func (u *Unstructured) GetLabels() map[string]string                               { return nil }
func (u *Unstructured) SetLabels(labels map[string]string)                         {}
func (u *Unstructured) GetAnnotations() map[string]string                          { return nil }
func (u *Unstructured) SetAnnotations(annotations map[string]string)               {}
func (u *Unstructured) GetFinalizers() []string                                    { return nil }
func (u *Unstructured) SetFinalizers(finalizers []string)                          {}
func (u *Unstructured) GetOwnerReferences() []metav1.OwnerReference                { return nil }
func (u *Unstructured) SetOwnerReferences([]metav1.OwnerReference)                 {}
func (u *Unstructured) GetManagedFields() []metav1.ManagedFieldsEntry              { return nil }
func (u *Unstructured) SetManagedFields(managedFields []metav1.ManagedFieldsEntry) {}

func (u *UnstructuredList) GetObjectKind() schema.ObjectKind { return u }
func (u *UnstructuredList) DeepCopyObject() runtime.Object {
	return &UnstructuredList{Object: u.Object, Items: u.Items}
}
func (u *UnstructuredList) SetGroupVersionKind(gvk schema.GroupVersionKind) {}
func (u *UnstructuredList) GroupVersionKind() schema.GroupVersionKind {
	return schema.GroupVersionKind{}
}
func (u *UnstructuredList) GetResourceVersion() string        { return "" }
func (u *UnstructuredList) SetResourceVersion(version string) {}
func (u *UnstructuredList) GetSelfLink() string               { return "" }
func (u *UnstructuredList) SetSelfLink(selfLink string)       {}
func (u *UnstructuredList) GetContinue() string               { return "" }
func (u *UnstructuredList) SetContinue(c string)              {}
func (u *UnstructuredList) GetRemainingItemCount() *int64     { return nil }
func (u *UnstructuredList) SetRemainingItemCount(c *int64)    {}
func (u *UnstructuredList) GetAPIVersion() string             { return "" }
func (u *UnstructuredList) SetAPIVersion(version string)      {}
func (u *UnstructuredList) GetKind() string                   { return "" }
func (u *UnstructuredList) SetKind(kind string)               {}

// SetNestedStringMap sets a map[string]string field.
func SetNestedStringMap(obj map[string]interface{}, value map[string]string, fields ...string) error {
	return nil
}

// RemoveNestedField removes a nested field.
func RemoveNestedField(obj map[string]interface{}, fields ...string) {}
