package fate

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Summaries of the package's functions and of how the package uses them,
// which the walk reads. Each is computed once, as soon as what it reads is
// final, and is never changed after; the order is:
//
//  1. NewTracer, from the declarations: which functions never return
//     (ends), never return a nil error (neverNil) and put work back on a
//     queue (requeuer), by summarize; then the package's predicates, its
//     reconcile.Result verdicts and its variables' initial values; then
//     the functions whose error ends the program (programEnds: command
//     hooks, a manager's runnables), one pass over the files; last the
//     error parameters every call passes non-nil (nonNilParams), which
//     reads all of the above where its handlers are called.
//  2. The model's returners are then found by tracing failures (kube's
//     findReturners), with the summaries of step 1. Companions are not
//     known yet: a test of another result of a returner's call is
//     followed both ways.
//  3. Freeze, once the returners are final: the constants a function's
//     other results hold when it hands a failure on (companions), which
//     depend on which of its calls are calls of returners; then the
//     control-flow graphs of the bodies the checks walk. From then on the
//     tracer is read-only and the checks may share it.
//
// A fixed point starts every entry at its bottom (may return, may return
// nil, does not requeue, no parameter known non-nil, no companion); ends,
// neverNil and requeuer are computed callees first (see summarize), the
// others over the functions in source order, again and again, until no
// entry changes: the answer does not depend on which function a check
// asks about first.

// summaries are the tables.
type summaries struct {
	ends     map[*types.Func]Fate
	neverNil map[*types.Func]bool
	requeuer map[*types.Func]bool
	// passesOn are the functions that return an error parameter's
	// non-nil value as non-nil, by the parameter's index (see passeson.go).
	passesOn map[*types.Func]int
	// keepsText are the functions that keep an error parameter only as
	// text, by the parameter's index (see text.go).
	keepsText map[*types.Func]int
	// programEnds are the functions whose returned error ends the
	// program (see commands.go), by *ast.FuncLit or types.Object.
	programEnds map[any]ProgramEnd
	// nonNilParams are the error parameters every call of a handler
	// passes non-nil (see params.go).
	nonNilParams map[*types.Func][]*types.Var
	// companions are the constants a returner's other results hold when
	// it hands a write's failure on (see companions.go).
	companions map[*types.Func]map[int]constant.Value
	// requeueCompanions are a returner's results of a reconcile.Result
	// shape that ask for a requeue on every return that hands a write's
	// failure on (`return ctrl.Result{Requeue: true}, r.Status().Update(...)`).
	requeueCompanions map[*types.Func]map[int]bool
	// sentinels are the package's error variables that are never nil
	// (see sentinels.go).
	sentinels map[*types.Var]bool
	// requeueVars are the variables that only ever hold a Result asking
	// for a requeue (see sentinels.go).
	requeueVars map[*types.Var]bool
	// passThrough are the functions that only return some of their
	// parameters, by result (see passthrough.go).
	passThrough map[*types.Func][]int
	// discarded are the unexported functions whose every call drops
	// their results (see discarded.go).
	discarded map[*types.Func]bool
}

// summarizer computes the summaries into k when the tracer is made, in the
// order summaries.go gives. It needs the tracer for the non-nil
// parameters: an argument is judged by what a walk knows before the call.
type summarizer struct {
	k *knowledge
	t *Tracer
}

// declared is a function of the package with its declaration.
type declared struct {
	fn   *types.Func
	decl *ast.FuncDecl
}

// summarize fills ends, neverNil and requeuer. relevant is false for a
// package the model does not walk (only its functions' ends are needed,
// for their facts, and only a body that ends in a call may never return).
//
// Each summary reads only those of the functions its body calls, so the
// functions are summarized callees first, by strongly connected components
// of that call graph: once each, or, in a recursive component, again until
// no entry changes (each entry only grows from its bottom).
func (s *summarizer) summarize(decls map[*types.Func]*ast.FuncDecl, relevant bool) {
	s.k.sum.ends, s.k.sum.neverNil, s.k.sum.requeuer = map[*types.Func]Fate{}, map[*types.Func]bool{}, map[*types.Func]bool{}
	s.k.sum.passesOn = map[*types.Func]int{}
	fns := make([]*types.Func, 0, len(decls))
	for fn, decl := range decls {
		if decl.Body != nil && (relevant || mayEnd(decl.Body) || mayPassOn(fn) || returnsOnlyError(fn)) {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(decls[a].Pos() - decls[b].Pos()) })
	callees := make(map[*types.Func][]*types.Func, len(fns))
	edges := make(map[*types.Func][]*types.Func, len(fns))
	for _, fn := range fns {
		var cs []*types.Func
		walked := false
		if s.k.model != nil {
			cs, walked = s.k.model.Callees(fn)
		}
		if !walked {
			cs = upstream.CalleesOf(s.k.info, decls[fn].Body)
		}
		callees[fn] = cs
		edges[fn] = localOrigins(cs, decls)
	}
	graph.Solver[*types.Func]{
		Succ: func(fn *types.Func) []*types.Func { return edges[fn] },
		// Every round but the last turns an entry on; the bound only guards
		// against a summary that does not grow so.
		MaxRounds: func(comp []*types.Func) int { return 3*len(comp) + 1 },
		Step: func(fn *types.Func) bool {
			d := declared{fn, decls[fn]}
			changed := s.updateEnds(d)
			changed = s.updatePassesOn(d) || changed
			if relevant {
				changed = s.updateRequeuer(d, callees[fn]) || changed
			}
			if relevant || returnsOnlyError(fn) {
				changed = s.updateNeverNil(d) || changed
			}
			return changed
		},
	}.Solve(fns)
}

// localOrigins returns the origins of the callees that decls declares,
// each once: the edges of the package's call graph.
func localOrigins(callees []*types.Func, decls map[*types.Func]*ast.FuncDecl) []*types.Func {
	var out []*types.Func
	for _, fn := range callees {
		if fn = fn.Origin(); decls[fn] != nil && !slices.Contains(out, fn) {
			out = append(out, fn)
		}
	}
	return out
}

func (s *summarizer) updateEnds(d declared) bool {
	if !mayEnd(d.decl.Body) {
		return false
	}
	f := s.k.bodyEnds(d.decl.Body)
	if f == s.k.sum.ends[d.fn] {
		return false
	}
	s.k.sum.ends[d.fn] = f
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

// updateRequeuer judges d again from callees, the functions its body
// calls.
func (s *summarizer) updateRequeuer(d declared, callees []*types.Func) bool {
	if s.k.sum.requeuer[d.fn] {
		return false
	}
	found := slices.ContainsFunc(callees, func(callee *types.Func) bool {
		return isRequeue(callee) || s.k.sum.requeuer[callee.Origin()]
	})
	s.k.sum.requeuer[d.fn] = found
	return found
}

// returnsOnlyError reports whether fn's only result is an error, or a
// project's error interface: the shape of an error constructor, the one
// function whose never-nil summary a package the model does not walk
// needs.
func returnsOnlyError(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() == 1 && upstream.IsErrorInterface(res.At(0).Type())
}

// mayPassOn is the cheap shape test before passedOnParam: an error
// parameter and an error last result.
func mayPassOn(fn *types.Func) bool {
	return upstream.EndsInError(fn.Signature()) && firstErrorParam(fn.Signature()) >= 0
}

func (s *summarizer) updatePassesOn(d declared) bool {
	if _, done := s.k.sum.passesOn[d.fn]; done || !mayPassOn(d.fn) {
		return false
	}
	p, ok := s.k.passedOnParam(d.fn, d.decl)
	if ok {
		s.k.sum.passesOn[d.fn] = p
	}
	return ok
}

func (s *summarizer) updateNeverNil(d declared) bool {
	if s.k.sum.neverNil[d.fn] || !upstream.EndsInErrorInterface(d.fn.Signature()) {
		return false
	}
	res := d.fn.Signature().Results()
	never := syntax.EveryReturn(d.decl.Body, func(ret *ast.ReturnStmt) bool {
		return len(ret.Results) == res.Len() && s.k.nonNilExpr(ret.Results[res.Len()-1], pathState{})
	})
	s.k.sum.neverNil[d.fn] = never
	return never
}
