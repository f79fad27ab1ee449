// Package meta is a test stub of k8s.io/apimachinery/pkg/api/meta.
package meta

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// RESTMapping says how a kind is served.
type RESTMapping struct {
	Resource         schema.GroupVersionResource
	GroupVersionKind schema.GroupVersionKind
}

// RESTMapper maps kinds to resources.
type RESTMapper interface {
	KindFor(resource schema.GroupVersionResource) (schema.GroupVersionKind, error)
	RESTMapping(gk schema.GroupKind, versions ...string) (*RESTMapping, error)
}

// Accessor returns the metadata accessor of obj.
func Accessor(obj interface{}) (metav1.Object, error) { return nil, nil }

// IsListType reports whether obj is a list.
func IsListType(obj runtime.Object) bool { return false }

// SetStatusCondition adds or updates a condition and reports whether the slice changed.
func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	return false
}

// RemoveStatusCondition removes a condition and reports whether the slice changed.
func RemoveStatusCondition(conditions *[]metav1.Condition, conditionType string) (removed bool) {
	return false
}

// FindStatusCondition returns the condition of the given type, or nil.
func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	return nil
}

// IsStatusConditionTrue reports whether the condition of the given type is True.
func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool { return false }

// IsStatusConditionPresentAndEqual reports whether the condition of
// conditionType is present with the given status.
func IsStatusConditionPresentAndEqual(conditions []metav1.Condition, conditionType string, status metav1.ConditionStatus) bool {
	for _, c := range conditions {
		if c.Type == conditionType {
			return c.Status == status
		}
	}
	return false
}
