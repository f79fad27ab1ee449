package fate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/kube/api"
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
// return that hands that failure on. Functions of other packages have
// none (no fact carries them yet).
func (t *Tracer) companionsOf(fn *types.Func) map[int]constant.Value {
	fn = fn.Origin()
	if c, ok := t.companions.get(fn); ok {
		return c
	}
	t.companions.set(fn, nil) // cycle guard
	var decl *ast.FuncDecl
	if t.model != nil && fn.Pkg() == t.pkg {
		decl = t.model.Decl(fn)
	}
	if decl == nil || decl.Body == nil {
		return nil
	}
	var rets []*ast.ReturnStmt
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			rets = append(rets, t.failureReturns(n)...)
		}
		return true
	})
	c := t.sameConstants(fn.Signature().Results(), rets)
	t.companions.set(fn, c)
	return c
}

// failureReturns returns the returns that hand on the failure of call,
// when call is a write or a call of a returner.
func (t *Tracer) failureReturns(call *ast.CallExpr) []*ast.ReturnStmt {
	obj, isWrite := t.model.WriteAt(call)
	if !isWrite {
		callee := t.callee(call)
		if callee == nil {
			return nil
		}
		if _, ok := t.model.Returner(callee); !ok {
			return nil
		}
	}
	cur, ok := t.callSiteCursor(call)
	if !ok {
		return nil
	}
	f, w := t.traceWalk(cur, obj)
	if w == nil || !f.HandsOn() {
		return nil
	}
	return w.handingOn
}

// sameConstants returns the non-error results that every one of rets
// gives the same constant.
func (t *Tracer) sameConstants(res *types.Tuple, rets []*ast.ReturnStmt) map[int]constant.Value {
	if len(rets) == 0 {
		return nil
	}
	out := make(map[int]constant.Value)
	for i := range res.Len() {
		if api.IsErrorType(res.At(i).Type()) {
			continue
		}
		var val constant.Value
		for _, ret := range rets {
			if len(ret.Results) != res.Len() {
				val = nil
				break
			}
			v := t.info.Types[ret.Results[i]].Value
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
func (w *walker) learnCompanions(lhs []ast.Expr, rhs ast.Expr, st *pathState) {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return
	}
	callee := w.t.callee(call)
	if callee == nil {
		return
	}
	comps := w.t.companionsOf(callee)
	for _, i := range slices.Sorted(maps.Keys(comps)) { // in order: the path's state key depends on it
		val := comps[i]
		if i >= len(lhs) {
			continue
		}
		id, ok := ast.Unparen(lhs[i]).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := w.t.info.ObjectOf(id).(*types.Var)
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

// evalConstCompare decides `x == c` or `x != c` where x holds a constant
// known on this path and c is a constant.
func (w *walker) evalConstCompare(e *ast.BinaryExpr, st pathState) truth {
	known := func(x ast.Expr) constant.Value {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := w.t.info.Uses[id].(*types.Var); ok {
				return st.constOf(v)
			}
		}
		return nil
	}
	x, y := known(e.X), w.t.info.Types[e.Y].Value
	if x == nil {
		x, y = known(e.Y), w.t.info.Types[e.X].Value
	}
	if x == nil || y == nil || x.Kind() != y.Kind() {
		return truthUnknown
	}
	if constant.Compare(x, e.Op, y) {
		return truthTrue
	}
	return truthFalse
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
