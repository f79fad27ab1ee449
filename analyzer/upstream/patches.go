package upstream

import (
	"go/ast"
	"go/types"
)

// IsMergePatch reports whether e is controller-runtime's client.Merge,
// whose body is the object itself marshalled to JSON: it sends the
// object's resourceVersion, which the server takes as a precondition, so
// the patch conflicts like an Update when the object carries one.
func IsMergePatch(info *types.Info, e ast.Expr) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		id = e.Sel
	case *ast.Ident:
		id = e
	default:
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == ClientPath && v.Name() == "Merge" && !v.IsField()
}
