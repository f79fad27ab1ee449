package retryreget

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// within reports whether pos lies inside n.
func within(pos token.Pos, n ast.Node) bool {
	return n.Pos() <= pos && pos < n.End()
}

// returnsOnlyError reports whether the function type is `func(...) error`,
// so that what it returns is what the retry tests.
func returnsOnlyError(info *types.Info, ft *ast.FuncType) bool {
	if ft == nil || ft.Results == nil || ft.Results.NumFields() != 1 {
		return false
	}
	return types.Identical(info.TypeOf(ft.Results.List[0].Type), types.Universe.Lookup("error").Type())
}

// typeutilCallee returns the function or method call calls (its generic
// origin), or nil.
func typeutilCallee(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil, false
	}
	return fn.Origin(), true
}

// isPkgFunc reports whether call calls the package-level function path.name.
func isPkgFunc(info *types.Info, call *ast.CallExpr, path, name string) bool {
	fn, ok := typeutilCallee(info, call)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name && fn.Signature().Recv() == nil
}

// mentions reports whether n uses the object obj anywhere.
func mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == obj {
			found = true
		}
		return !found
	})
	return found
}

// resolvesSame reports whether every identifier in n would denote the same
// object if n were written at pos instead: nothing declared between would
// shadow it, and it does not use anything declared after pos.
func resolvesSame(pkg *types.Package, info *types.Info, n ast.Node, pos token.Pos) bool {
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

// callFree reports whether e calls nothing but conversions and the builtins
// that only compute a value.
func callFree(info *types.Info, e ast.Node) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.CallExpr:
			if tv, found := info.Types[n.Fun]; found && tv.IsType() {
				return true
			}
			if b, isB := typeutil.Callee(info, n).(*types.Builtin); isB && pureBuiltins[b.Name()] {
				return true
			}
			ok = false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		}
		return ok
	})
	return ok
}

var pureBuiltins = map[string]bool{"append": true, "len": true, "cap": true, "make": true, "new": true, "min": true, "max": true}

// isFieldVar reports whether e is an identifier naming a struct field.
func isFieldVar(info *types.Info, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	return ok && v.IsField()
}
