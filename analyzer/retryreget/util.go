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
