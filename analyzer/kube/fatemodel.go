package kube

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// fateModel answers the fate analysis's questions from a Result.
type fateModel struct{ r *Result }

func (m fateModel) WriteAt(call *ast.CallExpr) (api.Object, bool) {
	if w := m.r.WriteAt(call); w != nil {
		return w.Object, true
	}
	return api.Object{}, false
}

func (m fateModel) ReadAt(n ast.Node) (api.Object, bool) {
	if rd := m.r.ReadAt(n); rd != nil {
		return rd.Object, true
	}
	return api.Object{}, false
}

func (m fateModel) ReadsBefore(fn ast.Node, obj api.Object, at ast.Node) bool {
	for _, rd := range m.r.ReadsOf(obj, fn) {
		if rd.Node.Pos() < at.Pos() {
			return true
		}
	}
	return obj.Root != nil && fn.Pos() <= obj.Root.Pos() && obj.Root.Pos() < at.Pos() && m.r.definedByRead(obj.Root)
}

func (m fateModel) Returner(fn *types.Func) (int, bool) {
	r, ok := m.r.returners[fn]
	return r.Param, ok
}

func (m fateModel) Refresher(fn *types.Func) (int, bool) {
	rf, ok := m.r.refreshers[fn]
	return rf.Param, ok
}

func (m fateModel) Decl(fn *types.Func) *ast.FuncDecl { return m.r.decls[fn] }

func (m fateModel) FuncValue(v *types.Var) *types.Func { return m.r.onlyFuncValue(v) }

func (m fateModel) Files() []*ast.File { return m.r.Files() }

func (m fateModel) Decls() map[*types.Func]*ast.FuncDecl { return m.r.decls }

// walkedBodies returns the bodies the checks walk, for the tracer to build
// their graphs before it is frozen: those of the functions around the
// writes and the returner calls, and those of the retry scopes.
func (r *Result) walkedBodies() []*ast.BlockStmt {
	var out []*ast.BlockStmt
	add := func(fn ast.Node) {
		if body := syntax.FuncBody(fn); body != nil {
			out = append(out, body)
		}
	}
	for _, w := range r.writes {
		add(w.FuncNode)
	}
	for _, rc := range r.returnerCalls {
		add(syntax.EnclosingFuncNode(r.returnerCursor[rc.Call]))
	}
	for _, s := range r.scopes {
		add(s.Body)
	}
	return out
}
