// Package v1 is a test stub of k8s.io/apimachinery/pkg/apis/meta/v1.
package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// TypeMeta carries apiVersion and kind.
type TypeMeta struct {
	Kind       string
	APIVersion string
}

// GetObjectKind returns the type information of the object.
func (t *TypeMeta) GetObjectKind() schema.ObjectKind { return t }

// SetGroupVersionKind records the group version kind.
func (t *TypeMeta) SetGroupVersionKind(gvk schema.GroupVersionKind) {}

// GroupVersionKind returns the recorded group version kind.
func (t *TypeMeta) GroupVersionKind() schema.GroupVersionKind { return schema.GroupVersionKind{} }

// Time wraps time.Time for serialization.
type Time struct {
	time.Time
}

// NewTime wraps t.
func NewTime(t time.Time) Time { return Time{Time: t} }

// Now returns the current time.
func Now() Time { return Time{} }

// Duration wraps time.Duration for serialization.
type Duration struct {
	time.Duration
}

// OwnerReference points at an owning object.
type OwnerReference struct {
	APIVersion         string
	Kind               string
	Name               string
	UID                types.UID
	Controller         *bool
	BlockOwnerDeletion *bool
}

// ManagedFieldsEntry records the fields one manager owns.
type ManagedFieldsEntry struct {
	Manager    string
	Operation  string
	APIVersion string
}

// ObjectMeta is the metadata every persisted object has.
type ObjectMeta struct {
	Name                       string
	GenerateName               string
	Namespace                  string
	SelfLink                   string
	UID                        types.UID
	ResourceVersion            string
	Generation                 int64
	CreationTimestamp          Time
	DeletionTimestamp          *Time
	DeletionGracePeriodSeconds *int64
	Labels                     map[string]string
	Annotations                map[string]string
	OwnerReferences            []OwnerReference
	Finalizers                 []string
	ManagedFields              []ManagedFieldsEntry
}

// Object is the accessor interface for ObjectMeta.
type Object interface {
	GetNamespace() string
	SetNamespace(namespace string)
	GetName() string
	SetName(name string)
	GetGenerateName() string
	SetGenerateName(name string)
	GetUID() types.UID
	SetUID(uid types.UID)
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetGeneration() int64
	SetGeneration(generation int64)
	GetSelfLink() string
	SetSelfLink(selfLink string)
	GetCreationTimestamp() Time
	SetCreationTimestamp(timestamp Time)
	GetDeletionTimestamp() *Time
	SetDeletionTimestamp(timestamp *Time)
	GetDeletionGracePeriodSeconds() *int64
	SetDeletionGracePeriodSeconds(*int64)
	GetLabels() map[string]string
	SetLabels(labels map[string]string)
	GetAnnotations() map[string]string
	SetAnnotations(annotations map[string]string)
	GetFinalizers() []string
	SetFinalizers(finalizers []string)
	GetOwnerReferences() []OwnerReference
	SetOwnerReferences([]OwnerReference)
	GetManagedFields() []ManagedFieldsEntry
	SetManagedFields(managedFields []ManagedFieldsEntry)
}

// Object accessors. Each reads or writes the field of the same name.

func (m *ObjectMeta) GetNamespace() string                    { return m.Namespace }
func (m *ObjectMeta) SetNamespace(namespace string)           { m.Namespace = namespace }
func (m *ObjectMeta) GetName() string                         { return m.Name }
func (m *ObjectMeta) SetName(name string)                     { m.Name = name }
func (m *ObjectMeta) GetGenerateName() string                 { return m.GenerateName }
func (m *ObjectMeta) SetGenerateName(name string)             { m.GenerateName = name }
func (m *ObjectMeta) GetUID() types.UID                       { return m.UID }
func (m *ObjectMeta) SetUID(uid types.UID)                    { m.UID = uid }
func (m *ObjectMeta) GetResourceVersion() string              { return m.ResourceVersion }
func (m *ObjectMeta) SetResourceVersion(version string)       { m.ResourceVersion = version }
func (m *ObjectMeta) GetGeneration() int64                    { return m.Generation }
func (m *ObjectMeta) SetGeneration(generation int64)          { m.Generation = generation }
func (m *ObjectMeta) GetSelfLink() string                     { return m.SelfLink }
func (m *ObjectMeta) SetSelfLink(selfLink string)             { m.SelfLink = selfLink }
func (m *ObjectMeta) GetCreationTimestamp() Time              { return m.CreationTimestamp }
func (m *ObjectMeta) SetCreationTimestamp(timestamp Time)     { m.CreationTimestamp = timestamp }
func (m *ObjectMeta) GetDeletionTimestamp() *Time             { return m.DeletionTimestamp }
func (m *ObjectMeta) SetDeletionTimestamp(timestamp *Time)    { m.DeletionTimestamp = timestamp }
func (m *ObjectMeta) GetDeletionGracePeriodSeconds() *int64   { return m.DeletionGracePeriodSeconds }
func (m *ObjectMeta) SetDeletionGracePeriodSeconds(s *int64)  { m.DeletionGracePeriodSeconds = s }
func (m *ObjectMeta) GetLabels() map[string]string            { return m.Labels }
func (m *ObjectMeta) SetLabels(labels map[string]string)      { m.Labels = labels }
func (m *ObjectMeta) GetAnnotations() map[string]string       { return m.Annotations }
func (m *ObjectMeta) SetAnnotations(a map[string]string)      { m.Annotations = a }
func (m *ObjectMeta) GetFinalizers() []string                 { return m.Finalizers }
func (m *ObjectMeta) SetFinalizers(finalizers []string)       { m.Finalizers = finalizers }
func (m *ObjectMeta) GetOwnerReferences() []OwnerReference    { return m.OwnerReferences }
func (m *ObjectMeta) SetOwnerReferences(r []OwnerReference)   { m.OwnerReferences = r }
func (m *ObjectMeta) GetManagedFields() []ManagedFieldsEntry  { return m.ManagedFields }
func (m *ObjectMeta) SetManagedFields(f []ManagedFieldsEntry) { m.ManagedFields = f }

// ListMeta is the metadata of a list response.
type ListMeta struct {
	SelfLink           string
	ResourceVersion    string
	Continue           string
	RemainingItemCount *int64
}

// ListInterface is the accessor interface for ListMeta.
type ListInterface interface {
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetSelfLink() string
	SetSelfLink(selfLink string)
	GetContinue() string
	SetContinue(c string)
	GetRemainingItemCount() *int64
	SetRemainingItemCount(c *int64)
}

// List accessors. Each reads or writes the field of the same name.

func (m *ListMeta) GetResourceVersion() string        { return m.ResourceVersion }
func (m *ListMeta) SetResourceVersion(version string) { m.ResourceVersion = version }
func (m *ListMeta) GetSelfLink() string               { return m.SelfLink }
func (m *ListMeta) SetSelfLink(selfLink string)       { m.SelfLink = selfLink }
func (m *ListMeta) GetContinue() string               { return m.Continue }
func (m *ListMeta) SetContinue(c string)              { m.Continue = c }
func (m *ListMeta) GetRemainingItemCount() *int64     { return m.RemainingItemCount }
func (m *ListMeta) SetRemainingItemCount(c *int64)    { m.RemainingItemCount = c }

// ConditionStatus is True, False or Unknown.
type ConditionStatus string

// The condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// Condition is one observation about an object's state.
type Condition struct {
	Type               string
	Status             ConditionStatus
	ObservedGeneration int64
	LastTransitionTime Time
	Reason             string
	Message            string
}

// GetOptions are the query options of a get.
type GetOptions struct {
	TypeMeta
	ResourceVersion string
}

// ListOptions are the query options of a list or watch.
type ListOptions struct {
	TypeMeta
	LabelSelector   string
	FieldSelector   string
	ResourceVersion string
	Limit           int64
	Continue        string
}

// CreateOptions are the query options of a create.
type CreateOptions struct {
	TypeMeta
	DryRun          []string
	FieldManager    string
	FieldValidation string
}

// UpdateOptions are the query options of an update.
type UpdateOptions struct {
	TypeMeta
	DryRun          []string
	FieldManager    string
	FieldValidation string
}

// PatchOptions are the query options of a patch.
type PatchOptions struct {
	TypeMeta
	DryRun          []string
	Force           *bool
	FieldManager    string
	FieldValidation string
}

// ApplyOptions are the query options of a server-side apply.
type ApplyOptions struct {
	TypeMeta
	DryRun       []string
	Force        bool
	FieldManager string
}

// Preconditions must hold for a delete to proceed.
type Preconditions struct {
	UID             *types.UID
	ResourceVersion *string
}

// DeletionPropagation says how dependents are deleted.
type DeletionPropagation string

// DeleteOptions are the options of a delete.
type DeleteOptions struct {
	TypeMeta
	GracePeriodSeconds *int64
	Preconditions      *Preconditions
	PropagationPolicy  *DeletionPropagation
	DryRun             []string
}

// StatusReason is the machine-readable reason of a failed request.
type StatusReason string

// The status reasons.
const (
	StatusReasonUnknown               StatusReason = ""
	StatusReasonUnauthorized          StatusReason = "Unauthorized"
	StatusReasonForbidden             StatusReason = "Forbidden"
	StatusReasonNotFound              StatusReason = "NotFound"
	StatusReasonAlreadyExists         StatusReason = "AlreadyExists"
	StatusReasonConflict              StatusReason = "Conflict"
	StatusReasonGone                  StatusReason = "Gone"
	StatusReasonInvalid               StatusReason = "Invalid"
	StatusReasonServerTimeout         StatusReason = "ServerTimeout"
	StatusReasonTimeout               StatusReason = "Timeout"
	StatusReasonTooManyRequests       StatusReason = "TooManyRequests"
	StatusReasonBadRequest            StatusReason = "BadRequest"
	StatusReasonMethodNotAllowed      StatusReason = "MethodNotAllowed"
	StatusReasonInternalError         StatusReason = "InternalError"
	StatusReasonExpired               StatusReason = "Expired"
	StatusReasonServiceUnavailable    StatusReason = "ServiceUnavailable"
	StatusReasonRequestEntityTooLarge StatusReason = "RequestEntityTooLarge"
)

// CauseType names the kind of a StatusCause.
type CauseType string

// StatusCause is one detail of a failure.
type StatusCause struct {
	Type    CauseType
	Message string
	Field   string
}

// StatusDetails adds structured detail to a Status.
type StatusDetails struct {
	Name              string
	Group             string
	Kind              string
	UID               types.UID
	Causes            []StatusCause
	RetryAfterSeconds int32
}

// Status is the body of a failed API response.
type Status struct {
	TypeMeta
	ListMeta
	Status  string
	Message string
	Reason  StatusReason
	Details *StatusDetails
	Code    int32
}

// SetMetaDataAnnotation sets an annotation, creating the map if needed.
func SetMetaDataAnnotation(obj *ObjectMeta, ann string, value string) {}

// SetMetaDataLabel sets a label, creating the map if needed.
func SetMetaDataLabel(obj *ObjectMeta, label string, value string) {}

// DeepCopyInto copies the receiver into out.
func (in *ObjectMeta) DeepCopyInto(out *ObjectMeta) { *out = *in }

// LabelSelector selects objects by their labels.
type LabelSelector struct {
	MatchLabels map[string]string
}
