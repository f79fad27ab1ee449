package fate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A returner's other results can carry the decision its callers take on
// the failure: a worker requeues unless `deleted`, or unless the interval
// returned with the error is noRequeue. When every return that hands the
// write's failure on gives a result the same constant, the caller knows it
// on the failure's path, and its conditions over it are decided.

// noteReturn records ret when it hands the failure on (fate f).
func (w *walker) noteReturn(ret *ast.ReturnStmt, f Fate) {
	if f.HandsOn() {
		w.handingOn = append(w.handingOn, ret)
	}
}

// companionsOf returns, for a function of this package that returns a
// write's failure, the constant each of its other results holds on every
// return that hands that failure on (a summary: see summaries.go).
// Functions of other packages have none (no fact carries them yet).
func (k *knowledge) companionsOf(fn *types.Func) map[int]constant.Value {
	return k.sum.companions[fn.Origin()]
}

// companionFinder computes the companions into k: the last summary, made
// by walking the failing calls of each function once the returners are
// final.
type companionFinder struct {
	k *knowledge
	t *Tracer
}

// companionSource is a function that may give its callers companions: it
// has a result that can hold a constant besides its errors, and calls
// whose failure it may hand on.
type companionSource struct {
	fn    *types.Func
	decl  *ast.FuncDecl
	calls []*ast.CallExpr // writes and calls of returners, in source order
}

// findCompanions fills k.sum.companions. Which calls of a function hand a
// write's failure on depends on the model's returners, so it runs once
// they are final. It is a fixed point, since walking such a call learns
// the companions of the function the call's value comes from: every entry
// starts empty, and the sources are walked callees first, those that call
// each other again until none changes. Bounded: an entry need not only
// grow (a companion vanishes when a callee's let another call of the
// source hand its failure on with another constant), so sources that call
// each other might not settle; past the bound they keep their last
// entries.
func (s *companionFinder) findCompanions() {
	s.k.sum.companions = make(map[*types.Func]map[int]constant.Value)
	s.k.sum.requeueCompanions = make(map[*types.Func]map[int]bool)
	srcs := s.companionSources()
	if len(srcs) == 0 {
		return
	}
	sites := syntax.NewCursors(s.k.model.Files())
	bySource := make(map[*types.Func]companionSource, len(srcs))
	fns := make([]*types.Func, len(srcs))
	for i, src := range srcs {
		bySource[src.fn], fns[i] = src, src.fn
	}
	callees := s.sourceCallees(srcs, bySource)
	graph.Solver[*types.Func]{
		Succ:      func(fn *types.Func) []*types.Func { return callees[fn] },
		MaxRounds: func(comp []*types.Func) int { return len(comp) + 1 },
		Step: func(fn *types.Func) bool {
			c, rq := s.companionsFrom(bySource[fn], sites)
			if sameCompanions(c, s.k.sum.companions[fn]) && maps.Equal(rq, s.k.sum.requeueCompanions[fn]) {
				return false
			}
			s.k.sum.companions[fn], s.k.sum.requeueCompanions[fn] = c, rq
			return true
		},
	}.Solve(fns)
}

// companionSources returns the package's functions that may give their
// callers companions, in source order.
func (s *companionFinder) companionSources() []companionSource {
	var srcs []companionSource
	for fn, decl := range s.k.model.Decls() {
		if decl.Body == nil || !mayReturnConstant(fn.Signature().Results()) {
			continue
		}
		if calls := s.failingCalls(decl.Body); len(calls) > 0 {
			srcs = append(srcs, companionSource{fn: fn, decl: decl, calls: calls})
		}
	}
	slices.SortFunc(srcs, func(a, b companionSource) int { return int(a.decl.Pos() - b.decl.Pos()) })
	return srcs
}

// mayReturnConstant reports whether a result other than an error can hold
// a constant (one of a basic type, or an interface) or a requeue (one
// shaped like reconcile.Result).
func mayReturnConstant(res *types.Tuple) bool {
	for v := range res.Variables() {
		if isResultShaped(v.Type()) {
			return true
		}
		switch v.Type().Underlying().(type) {
		case *types.Basic:
			return true
		case *types.Interface:
			if !upstream.IsErrorType(v.Type()) {
				return true
			}
		}
	}
	return false
}

// failingCalls returns the calls in body (nested literals apart) whose
// failure a walk follows: writes and calls of returners.
func (s *companionFinder) failingCalls(body *ast.BlockStmt) []*ast.CallExpr {
	var calls []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if s.fails(n) {
				calls = append(calls, n)
			}
		}
		return true
	})
	return calls
}

// fails reports whether call is a write or a call of a returner.
func (s *companionFinder) fails(call *ast.CallExpr) bool {
	if _, isWrite := s.k.model.WriteAt(call); isWrite {
		return true
	}
	callee := s.k.callee(call)
	if callee == nil {
		return false
	}
	_, ok := s.k.model.Returner(callee)
	return ok
}

// sourceCallees maps each source to the sources it calls, in source
// order: the walk of a failing call in a source learns the companions of
// the call its value comes from, which may wrap the failing call.
func (s *companionFinder) sourceCallees(srcs []companionSource, bySource map[*types.Func]companionSource) map[*types.Func][]*types.Func {
	out := make(map[*types.Func][]*types.Func)
	for _, src := range srcs {
		ast.Inspect(src.decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				callee := s.k.callee(call)
				if callee == nil {
					return true
				}
				if _, isSource := bySource[callee.Origin()]; isSource && !slices.Contains(out[src.fn], callee.Origin()) {
					out[src.fn] = append(out[src.fn], callee.Origin())
				}
			}
			return true
		})
	}
	return out
}

// companionsFrom returns the companions of src, as far as the entries
// found so far tell: the constants, and the results that ask for a
// requeue.
func (s *companionFinder) companionsFrom(src companionSource, sites *syntax.Cursors) (map[int]constant.Value, map[int]bool) {
	var rets []*ast.ReturnStmt
	for _, call := range src.calls {
		rets = append(rets, s.failureReturns(call, sites)...)
	}
	res := src.fn.Signature().Results()
	return s.sameConstants(res, rets), s.requeueResults(res, rets)
}

// requeueResults returns the results shaped like reconcile.Result that
// every one of rets gives a requeue: a literal that asks for one, or the
// same result of a call whose own returns do.
func (s *companionFinder) requeueResults(res *types.Tuple, rets []*ast.ReturnStmt) map[int]bool {
	if len(rets) == 0 {
		return nil
	}
	var out map[int]bool
	for i := range res.Len() {
		if !isResultShaped(res.At(i).Type()) {
			continue
		}
		if !slices.ContainsFunc(rets, func(ret *ast.ReturnStmt) bool { return !s.givesRequeue(ret, i, res.Len()) }) {
			if out == nil {
				out = make(map[int]bool)
			}
			out[i] = true
		}
	}
	return out
}

// givesRequeue reports whether ret, a return of a function with n
// results, gives a requeue as its result i.
func (s *companionFinder) givesRequeue(ret *ast.ReturnStmt, i, n int) bool {
	switch len(ret.Results) {
	case n:
		return carriesRequeue(s.k.info, ret.Results[i], 0)
	case 1: // return r.cleanup(ctx, obj)
		if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
			if callee := s.k.callee(call); callee != nil {
				return s.k.sum.requeueCompanions[callee.Origin()][i]
			}
		}
	}
	return false
}

// failureReturns returns the returns that hand on the failure of call, a
// write or a call of a returner.
func (s *companionFinder) failureReturns(call *ast.CallExpr, sites *syntax.Cursors) []*ast.ReturnStmt {
	cur, ok := sites.At(call)
	if !ok {
		return nil
	}
	obj, _ := s.k.model.WriteAt(call)
	f, w := s.t.traceWalk(cur, obj)
	if w == nil || !f.HandsOn() {
		return nil
	}
	return w.handingOn
}

// sameCompanions reports whether a and b hold the same constants.
func sameCompanions(a, b map[int]constant.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i, v := range a {
		u, ok := b[i]
		if !ok || u.Kind() != v.Kind() || !constant.Compare(u, token.EQL, v) {
			return false
		}
	}
	return true
}

// sameConstants returns the non-error results that every one of rets
// gives the same constant.
func (s *companionFinder) sameConstants(res *types.Tuple, rets []*ast.ReturnStmt) map[int]constant.Value {
	if len(rets) == 0 {
		return nil
	}
	out := make(map[int]constant.Value)
	for i := range res.Len() {
		if upstream.IsErrorType(res.At(i).Type()) {
			continue
		}
		var val constant.Value
		for _, ret := range rets {
			if len(ret.Results) != res.Len() {
				val = nil
				break
			}
			v := s.k.info.Types[ret.Results[i]].Value
			if v == nil || val != nil && !constant.Compare(val, token.EQL, v) {
				val = nil
				break
			}
			val = v
		}
		if val != nil {
			out[i] = val
		}
	}
	return out
}

// learnCompanions records, for `x, err := f()` where f hands a failure on
// with constant other results, what x holds on the failure's path.
func (fx *effects) learnCompanions(lhs []ast.Expr, rhs ast.Expr, st *pathState) {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return
	}
	callee := fx.k.callee(call)
	if callee == nil {
		return
	}
	for i := range fx.k.sum.requeueCompanions[callee.Origin()] {
		if v := fx.definedVar(lhs, i); v != nil {
			st.requeued = withVar(st.requeued, v) // result, err := r.ensure(...): result asks for a requeue
		}
	}
	comps := fx.k.companionsOf(callee)
	for _, i := range slices.Sorted(maps.Keys(comps)) { // in order: the path's state key depends on it
		val := comps[i]
		if i >= len(lhs) {
			continue
		}
		id, ok := ast.Unparen(lhs[i]).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := fx.k.info.ObjectOf(id).(*types.Var)
		if !ok {
			continue
		}
		if val.Kind() == constant.Bool {
			if constant.BoolVal(val) {
				st.set = withVar(st.set, v)
			} else {
				st.unset = withVar(st.unset, v)
			}
			continue
		}
		st.consts = append(append([]varConst(nil), st.consts...), varConst{v, val})
	}
}

// definedVar returns the variable lhs[i] names, or nil.
func (fx *effects) definedVar(lhs []ast.Expr, i int) *types.Var {
	if i >= len(lhs) {
		return nil
	}
	id, ok := ast.Unparen(lhs[i]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := fx.k.info.ObjectOf(id).(*types.Var)
	return v
}

// evalConstCompare decides `x == c` or `x != c` where x holds a constant
// known on this path and c is a constant.
func (cd *conditions) evalConstCompare(e *ast.BinaryExpr, st pathState) truth.Value {
	known := func(x ast.Expr) constant.Value {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := cd.k.info.Uses[id].(*types.Var); ok {
				return st.constOf(v)
			}
		}
		return nil
	}
	x, y := known(e.X), cd.k.info.Types[e.Y].Value
	if x == nil {
		x, y = known(e.Y), cd.k.info.Types[e.X].Value
	}
	if x == nil || y == nil || x.Kind() != y.Kind() {
		return truth.Unknown
	}
	if constant.Compare(x, e.Op, y) {
		return truth.True
	}
	return truth.False
}

// withoutConst returns consts without what it knew of v.
func withoutConst(consts []varConst, v *types.Var) []varConst {
	for i, c := range consts {
		if c.v == v {
			return append(append([]varConst(nil), consts[:i]...), consts[i+1:]...)
		}
	}
	return consts
}
