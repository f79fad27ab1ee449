package kube

import (
	"go/ast"
	"go/types"
)

func keyOf(fn *types.Func) (funcKey, methodKey, bool) {
	if fn.Pkg() == nil {
		return funcKey{}, methodKey{}, false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return funcKey{fn.Pkg().Path(), fn.Name()}, methodKey{}, true
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return funcKey{}, methodKey{}, false
	}
	return funcKey{}, methodKey{named.Obj().Pkg().Path(), named.Obj().Name(), fn.Name()}, true
}

func isFatal(fn *types.Func) bool {
	fk, mk, ok := keyOf(fn.Origin())
	return ok && (fatalFuncs[fk] || fatalMethods[mk])
}

func isLogging(fn *types.Func) bool {
	fk, mk, ok := keyOf(fn.Origin())
	return ok && (loggingFuncs[fk] || loggingTypes[funcKey{mk.pkg, mk.typ}])
}

func isConflictCheck(fn *types.Func) bool {
	fk, _, ok := keyOf(fn)
	return ok && fk == funcKey{apiErrorsPath, "IsConflict"}
}

// isRequeue reports whether fn puts work back on a client-go work queue.
func isRequeue(fn *types.Func) bool {
	_, mk, ok := keyOf(fn.Origin())
	return ok && mk.pkg == workqueuePath && requeueMethodNames[mk.name]
}

// resultsHaveError reports whether fn returns an error among its results.
func resultsHaveError(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if isErrorType(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// returnsOnly reports whether fn has exactly one result, of type t.
func returnsOnly(fn *types.Func, t types.Type) bool {
	res := fn.Signature().Results()
	return res.Len() == 1 && types.Identical(res.At(0).Type(), t)
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNamedType(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func isNilIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// isZeroLit reports whether e is a literal false or 0.
func isZeroLit(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "false"
	case *ast.BasicLit:
		return e.Value == "0"
	}
	return false
}

// condTestsConflict reports whether cond calls IsConflict.
func condTestsConflict(info *types.Info, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, ok := info.Uses[calleeIdent(call)].(*types.Func); ok && isConflictCheck(fn) {
				found = true
			}
		}
		return !found
	})
	return found
}

func calleeIdent(call *ast.CallExpr) *ast.Ident {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}
