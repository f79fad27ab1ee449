package repair

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The retry fixes move the changes a function makes to an object into the
// retry, where they are made again after a re-read. Which changes are plain
// enough for that (a field assignment, a setter, a well-known helper of
// apimachinery or controller-runtime) is knowledge of the upstream API.

// PlainMutation reports whether s only changes fields of v, with operands
// that call nothing: an assignment or ++/-- to a field, delete from one of
// its maps, a Set method on it, or the well-known helpers that set a
// label, an annotation, a finalizer or a status condition on it.
func PlainMutation(info *types.Info, s ast.Stmt, v *types.Var) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return fixes.Assigns(info, s, func(lhs ast.Expr) bool {
			return fieldOf(info, lhs, v) && fixes.SideEffectFree(info, lhs)
		})
	case *ast.IncDecStmt:
		return fieldOf(info, s.X, v) && fixes.SideEffectFree(info, s.X)
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		return ok && mutatingCall(info, call, v)
	}
	return false
}

// mutatingCall reports whether call changes v in place and nothing else.
func mutatingCall(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	for _, a := range call.Args {
		if !fixes.SideEffectFree(info, a) {
			return false
		}
	}
	if upstream.CalledBuiltin(info, call) == "delete" {
		return len(call.Args) == 2 && fieldOf(info, call.Args[0], v)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		return strings.HasPrefix(sel.Sel.Name, "Set") && rootIs(info, sel.X, v) // cm.SetLabels(m)
	}
	fn := upstream.Callee(info, call)
	if fn == nil || len(call.Args) == 0 || !rootIs(info, call.Args[0], v) {
		return false
	}
	// Method calls returned above, so the callee is a function.
	return upstream.PlainSetters[upstream.FuncKeyOf(fn)]
}

// fieldOf reports whether e is a field (or element of a field) of v, not
// v itself.
func fieldOf(info *types.Info, e ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return rootIs(info, e.X, v)
	case *ast.IndexExpr:
		return fieldOf(info, e.X, v)
	case *ast.StarExpr:
		return fieldOf(info, e.X, v)
	}
	return false
}

// rootIs reports whether e is v, &v, or a selection chain rooted at v.
func rootIs(info *types.Info, e ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.Uses[e] == v
	case *ast.UnaryExpr:
		return e.Op == token.AND && rootIs(info, e.X, v)
	case *ast.SelectorExpr:
		return rootIs(info, e.X, v)
	case *ast.IndexExpr:
		return rootIs(info, e.X, v)
	case *ast.StarExpr:
		return rootIs(info, e.X, v)
	}
	return false
}

// TouchesVersion reports whether n names the resourceVersion (a field or
// its setter): code that handles the version itself is not the plain
// change a retry fix may make again.
func TouchesVersion(n ast.Node) bool {
	return fixes.UsesName(n, "ResourceVersion") || fixes.UsesName(n, "SetResourceVersion")
}

// HasListMeta reports whether t (or what it points to) is a Kubernetes
// list: a struct with metav1.ListMeta, or an UnstructuredList.
func HasListMeta(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if n.Obj().Name() == "UnstructuredList" {
		return true
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Embedded() && upstream.IsNamed(f.Type(), upstream.MetaV1Path, "ListMeta") {
			return true
		}
	}
	return false
}
