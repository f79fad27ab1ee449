// Package types is a test stub of k8s.io/apimachinery/pkg/types.
package types

// UID identifies one object for its whole lifetime.
type UID string

// NamespacedName is the namespace and name of an object.
type NamespacedName struct {
	Namespace string
	Name      string
}

// String joins namespace and name with a slash.
func (n NamespacedName) String() string { return n.Namespace + "/" + n.Name }

// PatchType is the media type of a patch body.
type PatchType string

// The patch media types.
const (
	JSONPatchType           PatchType = "application/json-patch+json"
	MergePatchType          PatchType = "application/merge-patch+json"
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
	ApplyPatchType          PatchType = ApplyYAMLPatchType
	ApplyYAMLPatchType      PatchType = "application/apply-patch+yaml"
	ApplyCBORPatchType      PatchType = "application/apply-patch+cbor"
)
