package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A project often retries a failed status write once, through a helper
// that takes the object it failed to write, reads the object again by its
// name and writes the fresh copy with the change (NGINX's ingress
// controller: `return su.retryUpdateTransportServerStatus(tsCopy)` after
// a failed UpdateStatus, the helper a Get of tsCopy.Name, `ts.Status =
// tsCopy.Status`, and an UpdateStatus of ts). The Conflict is then
// retried: written again promptly after a fresh read, as inside
// retry.RetryOnConflict; what becomes of the helper's own failure is
// traced from its write.

// findRereadCalls returns the package's calls of its re-reading writers,
// each with the object it passes as the one to write again.
func findRereadCalls(info *types.Info, r *Result, calls []call) map[*ast.CallExpr]upstream.Object {
	writers := map[*types.Func]int{}
	for fn, decl := range r.decls {
		if i := rereadParam(info, r, decl); i >= 0 {
			writers[fn] = i
		}
	}
	if len(writers) == 0 {
		return nil
	}
	out := map[*ast.CallExpr]upstream.Object{}
	for _, c := range calls {
		if i, ok := writers[c.callee.Origin()]; ok && i < len(c.expr.Args) {
			out[c.expr] = upstream.ObjectOf(info, c.expr.Args[i])
		}
	}
	return out
}

// rereadParam returns the parameter of decl, holding an object, that
// decl reads an object by (its name, its key) into another variable
// before it writes that variable; -1 when there is none.
func rereadParam(info *types.Info, r *Result, decl *ast.FuncDecl) int {
	if decl.Body == nil {
		return -1
	}
	var params []*types.Var
	for _, w := range r.writes {
		if !w.Object.Valid() || !syntax.Within(w.Call, decl.Body) {
			continue
		}
		if params == nil {
			params = syntax.ParamVars(info, decl)
		}
		for _, rd := range r.ReadsOf(w.Object, decl.Body) {
			if rd.InPlace || rd.Node.Pos() >= w.Call.Pos() {
				continue
			}
			for i, p := range params {
				if w.Object.Root != p && upstream.CarriesResourceVersion(p.Type()) && typeinfo.Mentions(info, rd.Node, p) {
					return i
				}
			}
		}
	}
	return -1
}
