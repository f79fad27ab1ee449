package fate

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// Summaries of the package's functions that the walk reads: which never
// return (Ends), which never return a nil error (NeverReturnsNil), which
// put work back on a queue (requeuers). They are computed once, when the
// tracer is made, before any walk: a fixed point over the package's
// functions in source order, each summary starting from its bottom (may
// return, may return nil, does not requeue) and only growing, so the
// answer is the least fixed point whatever order functions are asked
// about in, and the checks read frozen tables.

// summaries are the frozen tables.
type summaries struct {
	ends     map[*types.Func]Fate
	neverNil map[*types.Func]bool
	requeuer map[*types.Func]bool
	// commands are the literals (*ast.FuncLit) and functions
	// (types.Object) stored in a cobra command's RunE-like hooks, and
	// periodic the package's functions a periodic runner runs: one pass
	// over the files each, when the tracer is made.
	commands map[any]bool
	periodic map[*types.Func]bool
	// nonNilParams are the error parameters every call of a handler
	// passes non-nil (see params.go), the last summary found when the
	// tracer is made: it walks the callers of the handlers.
	nonNilParams map[*types.Func][]*types.Var
	// companions are the constants a returner's other results hold when
	// it hands a write's failure on (see companions.go). They depend on
	// the model's returners, found by tracing failures once the tracer is
	// made: Freeze computes them when the returners are final, and until
	// then a trace knows none (a test of another result of a returner's
	// call is followed both ways).
	companions map[*types.Func]map[int]constant.Value
}

// declared is a function of the package with its declaration.
type declared struct {
	fn   *types.Func
	decl *ast.FuncDecl
}

// summarize fills ends, neverNil and requeuer. relevant is false for a
// package the model does not walk (only its functions' ends are needed,
// for their facts).
func (t *Tracer) summarize(decls map[*types.Func]*ast.FuncDecl, relevant bool) {
	t.sum.ends, t.sum.neverNil, t.sum.requeuer = map[*types.Func]Fate{}, map[*types.Func]bool{}, map[*types.Func]bool{}
	fns := make([]declared, 0, len(decls))
	for fn, decl := range decls {
		if decl.Body != nil {
			fns = append(fns, declared{fn, decl})
		}
	}
	slices.SortFunc(fns, func(a, b declared) int { return int(a.decl.Pos() - b.decl.Pos()) })
	for round := 0; round <= len(fns); round++ {
		changed := false
		for _, d := range fns {
			changed = t.updateEnds(d) || changed
			if relevant {
				changed = t.updateRequeuer(d) || changed
				changed = t.updateNeverNil(d) || changed
			}
		}
		if !changed {
			break
		}
	}
}

func (t *Tracer) updateEnds(d declared) bool {
	if !mayEnd(d.decl.Body) {
		return false
	}
	f := t.bodyEnds(d.decl.Body)
	if f == t.sum.ends[d.fn] {
		return false
	}
	t.sum.ends[d.fn] = f
	return true
}

// mayEnd is the cheap shape test before bodyEnds: a body whose last
// statement is a call.
func mayEnd(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	es, ok := body.List[len(body.List)-1].(*ast.ExprStmt)
	if !ok {
		return false
	}
	_, ok = ast.Unparen(es.X).(*ast.CallExpr)
	return ok
}

func (t *Tracer) updateRequeuer(d declared) bool {
	if t.sum.requeuer[d.fn] {
		return false
	}
	found := false
	ast.Inspect(d.decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if callee := api.Callee(t.info, call); callee != nil && (isRequeue(callee) || t.sum.requeuer[callee.Origin()]) {
				found = true
			}
		}
		return !found
	})
	t.sum.requeuer[d.fn] = found
	return found
}

func (t *Tracer) updateNeverNil(d declared) bool {
	res := d.fn.Signature().Results()
	if t.sum.neverNil[d.fn] || res.Len() == 0 || !api.IsErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	never := syntax.EveryReturn(d.decl.Body, func(ret *ast.ReturnStmt) bool {
		return len(ret.Results) == res.Len() && t.nonNilExpr(ret.Results[res.Len()-1], pathState{})
	})
	t.sum.neverNil[d.fn] = never
	return never
}
