package fate

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
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
	if !ok || fn.Exported() || t.model == nil {
		return nil
	}
	if vars, ok := t.nonNilParamsOf.get(fn); ok {
		return vars
	}
	t.nonNilParamsOf.set(fn, nil) // cycle guard
	params := syntax.ParamVars(t.info, decl)
	// An unnamed parameter (func(context.Context, error)) has no variable.
	if !slices.ContainsFunc(params, func(p *types.Var) bool { return p != nil && api.IsErrorType(p.Type()) }) {
		return nil // no error parameter: no need to find the calls
	}
	var out []*types.Var
	calls, onlyCalled := t.callsOf(fn)
	for i, p := range params {
		if !onlyCalled || len(calls) == 0 || p == nil || !api.IsErrorType(p.Type()) {
			continue
		}
		if t.everyCallPassesNonNil(calls, i) {
			out = append(out, p)
		}
	}
	t.nonNilParamsOf.set(fn, out)
	return out
}

// callsOf returns the calls of fn in the modeled files, and whether fn is
// used only in calls there (not as a value stored or passed).
func (t *Tracer) callsOf(fn *types.Func) ([]*ast.CallExpr, bool) {
	var calls []*ast.CallExpr
	uses := 0
	for _, f := range t.model.Files() {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if t.info.Uses[n] == fn {
					uses++
				}
			case *ast.CallExpr:
				if t.calleeName(n.Fun) == fn {
					calls = append(calls, n)
				}
			}
			return true
		})
	}
	return calls, uses == len(calls)
}

// calleeName returns the function a call's Fun names (f, x.f), or nil.
func (t *Tracer) calleeName(fun ast.Expr) types.Object {
	switch fun := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return t.info.Uses[fun]
	case *ast.SelectorExpr:
		return t.info.Uses[fun.Sel]
	}
	return nil
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
	if !ok {
		return false
	}
	cur, found := t.callSiteCursor(call)
	if !found {
		return false
	}
	f := t.newFailure(cur, api.Object{})
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

// callSiteCursor returns the cursor of call, from an inspector of the
// declaration that holds it: the model keeps cursors only for its own
// sites, and a call of an error handler is rarely one of them.
func (t *Tracer) callSiteCursor(call *ast.CallExpr) (inspector.Cursor, bool) {
	t.callSitesMu.Lock()
	defer t.callSitesMu.Unlock()
	if t.callSites == nil {
		t.callSites = syntax.NewCursors(t.model.Files())
	}
	return t.callSites.At(call)
}
