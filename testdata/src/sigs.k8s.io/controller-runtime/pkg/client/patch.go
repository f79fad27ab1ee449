package client

import "k8s.io/apimachinery/pkg/types"

var (
	// Apply is the deprecated server-side apply patch.
	Apply Patch = applyPatch{}

	// Merge sends the whole object as a merge patch.
	Merge Patch = mergePatch{}
)

type patch struct {
	patchType types.PatchType
	data      []byte
}

func (s *patch) Type() types.PatchType           { return s.patchType }
func (s *patch) Data(obj Object) ([]byte, error) { return s.data, nil }

// RawPatch returns a patch with a fixed body.
func RawPatch(patchType types.PatchType, data []byte) Patch {
	return &patch{patchType: patchType, data: data}
}

// MergeFromWithOptimisticLock makes a merge-from patch carry the base
// object's resourceVersion, so that the server rejects it with Conflict when
// the object changed in between.
type MergeFromWithOptimisticLock struct{}

// ApplyToMergeFrom turns on the optimistic lock.
func (m MergeFromWithOptimisticLock) ApplyToMergeFrom(in *MergeFromOptions) {
	in.OptimisticLock = true
}

// MergeFromOption configures a merge-from patch.
type MergeFromOption interface {
	ApplyToMergeFrom(*MergeFromOptions)
}

// MergeFromOptions are the settings of a merge-from patch.
type MergeFromOptions struct {
	OptimisticLock bool
}

type mergeFromPatch struct {
	patchType types.PatchType
	from      Object
	opts      MergeFromOptions
}

func (s *mergeFromPatch) Type() types.PatchType           { return s.patchType }
func (s *mergeFromPatch) Data(obj Object) ([]byte, error) { return nil, nil }

// MergeFrom returns a merge patch from obj to the object being patched.
func MergeFrom(obj Object) Patch {
	return &mergeFromPatch{patchType: types.MergePatchType, from: obj}
}

// MergeFromWithOptions is MergeFrom with options.
func MergeFromWithOptions(obj Object, opts ...MergeFromOption) Patch {
	p := &mergeFromPatch{patchType: types.MergePatchType, from: obj}
	for _, o := range opts {
		o.ApplyToMergeFrom(&p.opts)
	}
	return p
}

// StrategicMergeFrom returns a strategic merge patch from obj.
func StrategicMergeFrom(obj Object, opts ...MergeFromOption) Patch {
	p := &mergeFromPatch{patchType: types.StrategicMergePatchType, from: obj}
	for _, o := range opts {
		o.ApplyToMergeFrom(&p.opts)
	}
	return p
}

type mergePatch struct{}

func (p mergePatch) Type() types.PatchType           { return types.MergePatchType }
func (p mergePatch) Data(obj Object) ([]byte, error) { return nil, nil }

type applyPatch struct{}

func (p applyPatch) Type() types.PatchType           { return types.ApplyPatchType }
func (p applyPatch) Data(obj Object) ([]byte, error) { return nil, nil }
