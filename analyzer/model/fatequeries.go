package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"golang.org/x/tools/go/ast/inspector"
)

// fateQueries answers the fate analysis's questions (fate.Queries) from a Result.
type fateQueries struct{ r *Result }

func (m fateQueries) WriteAt(call *ast.CallExpr) (upstream.Object, bool) {
	if w := m.r.WriteAt(call); w != nil {
		return w.Object, true
	}
	return upstream.Object{}, false
}

func (m fateQueries) SendsVersion(call *ast.CallExpr) bool {
	w := m.r.WriteAt(call)
	return w != nil && !w.CannotConflict
}

func (m fateQueries) ReadAt(n ast.Node) (upstream.Object, bool) {
	if rd := m.r.ReadAt(n); rd != nil {
		return rd.Object, true
	}
	return upstream.Object{}, false
}

func (m fateQueries) ReadsBefore(fn ast.Node, obj upstream.Object, at ast.Node) bool {
	for _, rd := range m.r.ReadsOf(obj, fn) {
		if rd.Node.Pos() < at.Pos() {
			return true
		}
	}
	return obj.Root != nil && fn.Pos() <= obj.Root.Pos() && obj.Root.Pos() < at.Pos() && m.r.definedByRead(obj.Root)
}

func (m fateQueries) RetriesWithRead(call, failed *ast.CallExpr) bool {
	first := m.r.WriteAt(failed)
	if first == nil {
		return false
	}
	if given, ok := m.r.rereadCalls[call]; ok && given.Same(first.Object) {
		return true // a helper that reads the object again and writes it
	}
	if len(m.r.retriedWrites[call]) == 0 {
		return false
	}
	for _, w := range m.r.retriedWrites[call] {
		if w.Kind != first.Kind || !w.Object.Same(first.Object) {
			continue
		}
		for _, rd := range m.r.ReadsOf(first.Object, w.Scope.Body) {
			if rd.Node.Pos() < w.Call.Pos() {
				return true
			}
		}
	}
	return false
}

func (m fateQueries) AlwaysWrites(fn *types.Func) (int, bool) {
	p, ok := m.r.alwaysWrites[fn]
	return p, ok
}

// findAlwaysWriters returns the package's returners that write the
// object of a parameter on every run, sending the version they were
// given (no re-read before the write), and return the write's failure on
// every path, with that parameter.
func findAlwaysWriters(r *Result) map[*types.Func]int {
	out := make(map[*types.Func]int)
	for fn, ret := range r.returners {
		decl := r.decls[fn]
		if ret.Inner == nil || ret.Param < 0 || ret.Replaced != nil || ret.Inner.CannotConflict || decl == nil || decl.Body == nil {
			continue
		}
		if syntax.RunsFirst(decl.Body, ret.Inner.Call) && !(fateQueries{r}).ReadsBefore(decl, ret.Inner.Object, ret.Inner.Call) {
			out[fn] = ret.Param
		}
	}
	return out
}

func (m fateQueries) Returner(fn *types.Func) (int, bool) {
	r, ok := m.r.returners[fn]
	return r.Param, ok
}

func (m fateQueries) Refresher(fn *types.Func) (int, bool) {
	rf, ok := m.r.refreshers[fn]
	return rf.Param, ok
}

func (m fateQueries) Decl(fn *types.Func) *ast.FuncDecl { return m.r.decls[fn] }

func (m fateQueries) FuncValue(v *types.Var) *types.Func { return m.r.onlyFuncValue(v) }

func (m fateQueries) Files() []*ast.File { return m.r.Files() }

func (m fateQueries) Decls() map[*types.Func]*ast.FuncDecl { return m.r.decls }

func (m fateQueries) Callees(fn *types.Func) ([]*types.Func, bool) {
	callees, ok := m.r.callees[fn]
	return callees, ok
}

// walkedSites returns where the checks trace failures or walk a
// function, for the tracer to build its graphs before it is frozen: the
// writes, the returner calls and the retry scopes.
func (r *Result) walkedSites() []inspector.Cursor {
	var out []inspector.Cursor
	for _, w := range r.writes {
		out = append(out, w.Cursor)
	}
	for _, rc := range r.returnerCalls {
		out = append(out, r.returnerCursor[rc.Call])
	}
	for _, s := range r.scopes {
		out = append(out, s.Cursor)
	}
	return out
}
