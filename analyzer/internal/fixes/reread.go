package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
)

// ResolvesSame reports whether every identifier in n would denote the same
// object if n were written at pos instead: nothing declared between would
// shadow it, and it does not use anything declared after pos.
func ResolvesSame(pkg *types.Package, info *types.Info, n ast.Node, pos token.Pos) bool {
	scope := pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	var check func(n ast.Node) bool
	check = func(n ast.Node) bool {
		ok := true
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.SelectorExpr:
				// The selector is a field, a method or a package member;
				// only the operand is resolved by scope.
				ok = check(n.X)
				return false
			case *ast.KeyValueExpr:
				// A struct literal key is a field name.
				ok = (isFieldVar(info, n.Key) || check(n.Key)) && check(n.Value)
				return false
			case *ast.Ident:
				ok = sameAt(scope, info, n, pos)
			}
			return ok
		})
		return ok
	}
	return check(n)
}

func sameAt(scope *types.Scope, info *types.Info, id *ast.Ident, pos token.Pos) bool {
	want := info.ObjectOf(id)
	if want == nil || id.Name == "_" {
		return true
	}
	_, got := scope.LookupParent(id.Name, pos)
	return got == want
}

// isFieldVar reports whether e is an identifier naming a struct field.
func isFieldVar(info *types.Info, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	return ok && v.IsField()
}

// UsesName reports whether n contains an identifier spelled name.
func UsesName(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}
