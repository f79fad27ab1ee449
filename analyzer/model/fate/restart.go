package fate

import (
	"go/ast"
	"go/types"
)

// A function that, on its failure path, starts itself again (`go
// r.wait(obj, t, n+1)` after resetting a timer for a backoff, or a plain
// recursive call) runs the failing call again when the new run reaches
// it: with a helper that reads its object itself, that is a retry with a
// fresh read, as a loop back to the call is (OpenFunction's build timeout
// writer). The restart must hand on, at their own positions, the
// parameters the failing call uses, unchanged after it, so that the new
// run makes the same call; the receiver must be the same.

// restartsSelf reports whether call starts the function around the
// failing call again and makes it the same call there.
func (vf *valueFlow) restartsSelf(call *ast.CallExpr) bool {
	decl, ok := vf.f.fn.(*ast.FuncDecl)
	if !ok || call == vf.f.call {
		return false
	}
	fn, _ := vf.k.info.Defs[decl.Name].(*types.Func)
	if fn == nil || vf.k.callee(call) != fn || call.Ellipsis.IsValid() {
		return false
	}
	params := fn.Signature().Params()
	if params.Len() != len(call.Args) {
		return false
	}
	var ids []*ast.Ident
	for _, e := range append([]ast.Expr{vf.f.call.Fun}, vf.f.call.Args...) {
		more, ok := vf.plainIdents(e)
		if !ok {
			return false
		}
		ids = append(ids, more...)
	}
	recv := fn.Signature().Recv()
	for _, id := range ids {
		v, ok := vf.k.info.Uses[id].(*types.Var)
		switch {
		case !ok || v.IsField():
			continue // a function, a constant, a field of what the receiver holds
		case v == recv:
			if !vf.sameReceiver(call, recv) {
				return false
			}
		case !vf.handedOn(call, params, v):
			return false
		}
	}
	return true
}

// sameReceiver reports whether call is a method call on recv itself.
func (vf *valueFlow) sameReceiver(call *ast.CallExpr, recv *types.Var) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && vf.k.info.Uses[id] == recv
}

// handedOn reports whether v is a parameter that call passes at its own
// position, unchanged after the failing call.
func (vf *valueFlow) handedOn(call *ast.CallExpr, params *types.Tuple, v *types.Var) bool {
	for i := range params.Len() {
		if params.At(i) == v {
			id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
			return ok && vf.k.info.Uses[id] == v && vf.unchangedAfterCall(v)
		}
	}
	return false
}
