package kube

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// An error handler of the package (`handleError(ctx, err, obj)`) that is
// only ever called with an error known to be non-nil may return that
// error as the non-nil error of a path, like a variable under
// `if err != nil`. Only unexported functions qualify: every call of them
// is in view.

// nonNilParams returns the error parameters of the function declared by
// decl that every call in the package passes a non-nil value for.
func (t *Tracer) nonNilParams(decl *ast.FuncDecl) []*types.Var {
	fn, ok := t.info.Defs[decl.Name].(*types.Func)
	if !ok || fn.Exported() || t.model == nil || t.model.Inspector() == nil {
		return nil
	}
	if vars, ok := t.nonNilParamsOf.get(fn); ok {
		return vars
	}
	t.nonNilParamsOf.set(fn, nil) // cycle guard
	var out []*types.Var
	params := paramVars(t.info, decl)
	calls, onlyCalled := t.callsOf(fn)
	for i, p := range params {
		if !onlyCalled || len(calls) == 0 || !isErrorType(p.Type()) {
			continue
		}
		if t.everyCallPassesNonNil(calls, i) {
			out = append(out, p)
		}
	}
	t.nonNilParamsOf.set(fn, out)
	return out
}

// callsOf returns the cursors of the calls of fn in the package, and
// whether fn is used only in calls (not as a value stored or passed).
func (t *Tracer) callsOf(fn *types.Func) ([]*ast.CallExpr, bool) {
	var calls []*ast.CallExpr
	only := true
	for c := range t.model.Inspector().Root().Preorder((*ast.Ident)(nil)) {
		id := c.Node().(*ast.Ident)
		if t.info.Uses[id] != fn {
			continue
		}
		fun := c
		if sel, ok := c.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == id {
			fun = c.Parent()
		}
		call, ok := fun.Parent().Node().(*ast.CallExpr)
		if !ok || call.Fun != fun.Node() {
			only = false
			continue
		}
		calls = append(calls, call)
	}
	return calls, only
}

// everyCallPassesNonNil reports whether argument i of every call is an
// error known non-nil where the call is made.
func (t *Tracer) everyCallPassesNonNil(calls []*ast.CallExpr, i int) bool {
	for _, call := range calls {
		if i >= len(call.Args) || !t.nonNilAt(call, call.Args[i]) {
			return false
		}
	}
	return true
}

// nonNilAt reports whether arg, an argument of call, is known non-nil at
// the call: a new error, or a variable under a test that it is not nil.
func (t *Tracer) nonNilAt(call *ast.CallExpr, arg ast.Expr) bool {
	if t.nonNilExpr(arg, pathState{}) {
		return true
	}
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := t.info.Uses[id].(*types.Var)
	cur, found := t.model.Inspector().Root().FindNode(call)
	if !ok || !found {
		return false
	}
	f := t.newFailure(cur, Object{})
	if f == nil {
		return false
	}
	body := syntax.FuncBody(f.fn)
	if body == nil {
		return false
	}
	w := &walker{t: t, f: f, g: t.CFG(body)}
	return slices.Contains(w.knownBefore().nonNil, v)
}
