package client

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
)

// Option interfaces: each option type applies itself to one options struct.

type CreateOption interface{ ApplyToCreate(*CreateOptions) }
type DeleteOption interface{ ApplyToDelete(*DeleteOptions) }
type GetOption interface{ ApplyToGet(*GetOptions) }
type ListOption interface{ ApplyToList(*ListOptions) }
type UpdateOption interface{ ApplyToUpdate(*UpdateOptions) }
type PatchOption interface{ ApplyToPatch(*PatchOptions) }
type ApplyOption interface{ ApplyToApply(*ApplyOptions) }
type DeleteAllOfOption interface{ ApplyToDeleteAllOf(*DeleteAllOfOptions) }
type SubResourceGetOption interface {
	ApplyToSubResourceGet(*SubResourceGetOptions)
}
type SubResourceUpdateOption interface {
	ApplyToSubResourceUpdate(*SubResourceUpdateOptions)
}
type SubResourceCreateOption interface {
	ApplyToSubResourceCreate(*SubResourceCreateOptions)
}
type SubResourcePatchOption interface {
	ApplyToSubResourcePatch(*SubResourcePatchOptions)
}
type SubResourceApplyOption interface {
	ApplyToSubResourceApply(*SubResourceApplyOptions)
}

// SubResourceUpdateAndPatchOption is an option for both subresource updates and patches.
type SubResourceUpdateAndPatchOption interface {
	SubResourceUpdateOption
	SubResourcePatchOption
}

// Options structs.

type CreateOptions struct {
	DryRun          []string
	FieldManager    string
	FieldValidation string
	Raw             *metav1.CreateOptions
}

type UpdateOptions struct {
	DryRun          []string
	FieldManager    string
	FieldValidation string
	Raw             *metav1.UpdateOptions
}

type PatchOptions struct {
	DryRun          []string
	Force           *bool
	FieldManager    string
	FieldValidation string
	Raw             *metav1.PatchOptions
}

type ApplyOptions struct {
	DryRun       []string
	Force        *bool
	FieldManager string
}

type DeleteOptions struct {
	GracePeriodSeconds *int64
	Preconditions      *metav1.Preconditions
	PropagationPolicy  *metav1.DeletionPropagation
	Raw                *metav1.DeleteOptions
	DryRun             []string
}

type DeleteAllOfOptions struct {
	ListOptions
	DeleteOptions
}

type GetOptions struct {
	Raw *metav1.GetOptions
}

type ListOptions struct {
	LabelSelector labels.Selector
	Namespace     string
	Limit         int64
	Continue      string
	Raw           *metav1.ListOptions
}

type SubResourceGetOptions struct {
	Raw *metav1.GetOptions
}

type SubResourceUpdateOptions struct {
	UpdateOptions
	SubResourceBody Object
}

type SubResourceCreateOptions struct {
	CreateOptions
}

type SubResourcePatchOptions struct {
	PatchOptions
	SubResourceBody Object
}

type SubResourceApplyOptions struct {
	ApplyOptions
	SubResourceBody runtime.ApplyConfiguration
}

// WithSubResourceBody sends body instead of the object for a subresource write.
func WithSubResourceBody(body Object) SubResourceUpdateAndPatchOption {
	return &withSubresourceBody{body: body}
}

type withSubresourceBody struct{ body Object }

func (w *withSubresourceBody) ApplyToSubResourceUpdate(o *SubResourceUpdateOptions) {
	o.SubResourceBody = w.body
}
func (w *withSubresourceBody) ApplyToSubResourcePatch(o *SubResourcePatchOptions) {
	o.SubResourceBody = w.body
}

// FieldOwner sets the field manager of a write.
type FieldOwner string

func (f FieldOwner) ApplyToCreate(opts *CreateOptions) { opts.FieldManager = string(f) }
func (f FieldOwner) ApplyToUpdate(opts *UpdateOptions) { opts.FieldManager = string(f) }
func (f FieldOwner) ApplyToPatch(opts *PatchOptions)   { opts.FieldManager = string(f) }
func (f FieldOwner) ApplyToApply(opts *ApplyOptions)   { opts.FieldManager = string(f) }
func (f FieldOwner) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {
	opts.FieldManager = string(f)
}
func (f FieldOwner) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {
	opts.FieldManager = string(f)
}
func (f FieldOwner) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {
	opts.FieldManager = string(f)
}
func (f FieldOwner) ApplyToSubResourceApply(opts *SubResourceApplyOptions) {
	opts.FieldManager = string(f)
}

// DryRunAll asks the server not to persist the write.
var DryRunAll = dryRunAll{}

type dryRunAll struct{}

func (dryRunAll) ApplyToCreate(opts *CreateOptions)                       {}
func (dryRunAll) ApplyToUpdate(opts *UpdateOptions)                       {}
func (dryRunAll) ApplyToPatch(opts *PatchOptions)                         {}
func (dryRunAll) ApplyToApply(opts *ApplyOptions)                         {}
func (dryRunAll) ApplyToDelete(opts *DeleteOptions)                       {}
func (dryRunAll) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {}
func (dryRunAll) ApplyToSubResourcePatch(opts *SubResourcePatchOptions)   {}

// ForceOwnership takes over fields owned by other managers.
var ForceOwnership = forceOwnership{}

type forceOwnership struct{}

func (forceOwnership) ApplyToPatch(opts *PatchOptions)                       {}
func (forceOwnership) ApplyToApply(opts *ApplyOptions)                       {}
func (forceOwnership) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {}
func (forceOwnership) ApplyToSubResourceApply(opts *SubResourceApplyOptions) {}

// InNamespace restricts a list to one namespace.
type InNamespace string

func (n InNamespace) ApplyToList(opts *ListOptions)               { opts.Namespace = string(n) }
func (n InNamespace) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) { opts.Namespace = string(n) }

// MatchingLabels restricts a list to objects with these labels.
type MatchingLabels map[string]string

func (m MatchingLabels) ApplyToList(opts *ListOptions)               {}
func (m MatchingLabels) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

// GracePeriodSeconds sets the grace period of a delete.
type GracePeriodSeconds int64

func (s GracePeriodSeconds) ApplyToDelete(opts *DeleteOptions)           {}
func (s GracePeriodSeconds) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

// Preconditions must hold for a delete to proceed.
type Preconditions metav1.Preconditions

func (p Preconditions) ApplyToDelete(opts *DeleteOptions)           {}
func (p Preconditions) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

// PropagationPolicy says how dependents are deleted.
type PropagationPolicy metav1.DeletionPropagation

func (p PropagationPolicy) ApplyToDelete(opts *DeleteOptions)           {}
func (p PropagationPolicy) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

// ApplyToUpdate lets a whole *UpdateOptions be passed as an option, as
// controller-runtime allows (r.Update(ctx, obj, &client.UpdateOptions{})).
func (o *UpdateOptions) ApplyToUpdate(uo *UpdateOptions) {
	if o.FieldManager != "" {
		uo.FieldManager = o.FieldManager
	}
}

// ApplyToSubResourceUpdate lets a whole *SubResourceUpdateOptions be passed
// as an option.
func (o *SubResourceUpdateOptions) ApplyToSubResourceUpdate(so *SubResourceUpdateOptions) {
	o.UpdateOptions.ApplyToUpdate(&so.UpdateOptions)
}

// UnsafeDisableDeepCopyOption makes a cached Get or List hand out the
// cache's objects without a deep copy.
type UnsafeDisableDeepCopyOption bool

// ApplyToGet applies the option to Get options.
func (d UnsafeDisableDeepCopyOption) ApplyToGet(opts *GetOptions) {}

// ApplyToList applies the option to List options.
func (d UnsafeDisableDeepCopyOption) ApplyToList(opts *ListOptions) {}

// UnsafeDisableDeepCopy disables the deep copy of cached reads.
const UnsafeDisableDeepCopy = UnsafeDisableDeepCopyOption(true)
