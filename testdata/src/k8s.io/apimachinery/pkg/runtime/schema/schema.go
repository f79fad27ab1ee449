// Package schema is a test stub of k8s.io/apimachinery/pkg/runtime/schema.
package schema

// GroupVersion names an API group at one version.
type GroupVersion struct {
	Group   string
	Version string
}

// GroupResource names a resource within a group.
type GroupResource struct {
	Group    string
	Resource string
}

// GroupKind names a kind within a group.
type GroupKind struct {
	Group string
	Kind  string
}

// GroupVersionResource names a resource at one group version.
type GroupVersionResource struct {
	Group    string
	Version  string
	Resource string
}

// GroupResource drops the version.
func (gvr GroupVersionResource) GroupResource() GroupResource {
	return GroupResource{Group: gvr.Group, Resource: gvr.Resource}
}

// GroupVersionKind names a kind at one group version.
type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

// GroupKind drops the version.
func (gvk GroupVersionKind) GroupKind() GroupKind { return GroupKind{Group: gvk.Group, Kind: gvk.Kind} }

// ObjectKind reads and writes the type information of a serialized object.
type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}
