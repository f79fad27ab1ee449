package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// PersistentVolumeClaimSpec describes the common attributes of storage devices.
type PersistentVolumeClaimSpec struct {
	VolumeName       string
	StorageClassName *string
}

// PersistentVolumeClaimStatus is the current status of a persistent volume claim.
type PersistentVolumeClaimStatus struct {
	Phase string
}

// PersistentVolumeClaim is a user's request for and claim to a persistent volume.
type PersistentVolumeClaim struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   PersistentVolumeClaimSpec
	Status PersistentVolumeClaimStatus
}

// PersistentVolumeClaimList is a list of PersistentVolumeClaim items.
type PersistentVolumeClaimList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []PersistentVolumeClaim
}

// DeepCopyInto copies the receiver into out.
func (in *PersistentVolumeClaim) DeepCopyInto(out *PersistentVolumeClaim) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PersistentVolumeClaim) DeepCopy() *PersistentVolumeClaim {
	if in == nil {
		return nil
	}
	out := new(PersistentVolumeClaim)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *PersistentVolumeClaim) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *PersistentVolumeClaimList) DeepCopyInto(out *PersistentVolumeClaimList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PersistentVolumeClaimList) DeepCopy() *PersistentVolumeClaimList {
	if in == nil {
		return nil
	}
	out := new(PersistentVolumeClaimList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *PersistentVolumeClaimList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
