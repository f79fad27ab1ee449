package listermutation

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// ownRecord reports whether ta asserts a value to a struct type that
// neither is a Kubernetes object (it has no resourceVersion) nor has a
// field that could hold one: the program keeps such records in a
// cache.Store it made (the Job controller's backoff records), and no
// informer shares them. A wrapper with an object inside (a tombstone's
// Obj) stays followed.
func (t *tracker) ownRecord(ta *ast.TypeAssertExpr) bool {
	typ := t.info.TypeOf(ta.Type)
	if typ == nil || upstream.CarriesResourceVersion(typ) {
		return false
	}
	if p, ok := typ.Underlying().(*types.Pointer); ok {
		typ = p.Elem()
	}
	st, ok := typ.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if mayHoldObject(st.Field(i).Type()) {
			return false
		}
	}
	return true
}

// mayHoldObject reports whether a field of type typ can hold a Kubernetes
// object: an object, an interface, or a pointer, slice, array or map of
// them.
func mayHoldObject(typ types.Type) bool {
	for {
		if upstream.CarriesResourceVersion(typ) || types.IsInterface(typ) {
			return true
		}
		switch u := typ.Underlying().(type) {
		case *types.Pointer:
			typ = u.Elem()
		case *types.Slice:
			typ = u.Elem()
		case *types.Array:
			typ = u.Elem()
		case *types.Map:
			typ = u.Elem()
		default:
			return false
		}
	}
}
