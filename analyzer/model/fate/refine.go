package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// What a branch tells of the failure's carriers: taking the branch where
// a condition holds (or not) narrows what the path knows of error
// variables and lists of errors.

// refine records on st what taking the branch where cond is holds (or
// does not) tells of error variables: x != nil makes x known non-nil. The
// leaves it tells of are those truth.Assume finds, judged on the path as
// it learns.
func (cd *conditions) refine(cond ast.Expr, holds bool, st *pathState) {
	judge := func(l truth.Leaf) truth.Value { return cd.judge(*st)(l) }
	truth.Assume(cd.k.info, cond, holds, judge, func(l truth.Leaf, holds bool) {
		switch e := l.Expr.(type) {
		case *ast.BinaryExpr:
			if l.NonNil != nil {
				cd.refineNil(l.NonNil, holds, st)
				return
			}
			cd.refineLen(e, holds, st)
			cd.refineRequeue(e, holds, st)
		case *ast.CallExpr:
			cd.refineErrorTest(e, holds, st)
			cd.refineRequeue(e, holds, st)
		case *ast.SelectorExpr:
			cd.refineRequeue(e, holds, st)
		case *ast.Ident:
			if l.Var != nil && holds {
				cd.refineAssertion(l.Var, st)
			}
		}
	})
}

// refineAssertion records that a comma-ok flag that holds, from `x, ok :=
// err.(T)`, makes err non-nil: an assertion on a nil interface fails
// whatever T is.
func (cd *conditions) refineAssertion(ok *types.Var, st *pathState) {
	var asserted *types.Var
	assigns := 0
	for cur := range cd.f.fnCur.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		for i, lhs := range as.Lhs {
			id, isIdent := lhs.(*ast.Ident)
			if !isIdent || (cd.k.info.Defs[id] != ok && cd.k.info.Uses[id] != ok) {
				continue
			}
			assigns++
			if ta, isAssert := assertionOf(as, i); isAssert && ta.Type != nil {
				asserted = cd.vals.errorVar(ta.X)
			}
		}
	}
	if assigns == 1 && asserted != nil {
		st.nonNil = withVar(st.nonNil, asserted)
	}
}

// assertionOf returns the comma-ok type assertion whose flag is the i-th
// left-hand side of as: `x, ok := e.(T)` with i == 1.
func assertionOf(as *ast.AssignStmt, i int) (*ast.TypeAssertExpr, bool) {
	if i != 1 || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil, false
	}
	ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	return ta, ok
}

// refineErrorTest records that an apierrors predicate that holds
// (apierrors.IsNotFound(err)) makes err non-nil.
func (cd *conditions) refineErrorTest(call *ast.CallExpr, holds bool, st *pathState) {
	if fn := upstream.Callee(cd.k.info, call); fn != nil && holds && len(call.Args) == 1 && upstream.FuncKeyOf(fn).Pkg == upstream.ErrorsPath {
		if v := cd.vals.errorVar(call.Args[0]); v != nil {
			st.nonNil = withVar(st.nonNil, v)
		}
	}
}

// refineNil records that x, compared with nil, is a non-nil error variable
// (or one that may be nil) on this branch.
func (cd *conditions) refineNil(x ast.Expr, nonNil bool, st *pathState) {
	if arg := cd.k.filteredError(x); arg != nil && nonNil {
		// client.IgnoreNotFound(err) != nil: a filter gives nil for nil,
		// so err is not nil either (nothing is learnt from == nil).
		cd.refineNil(arg, true, st)
		return
	}
	v := cd.vals.errorVar(x)
	if v == nil {
		return
	}
	if nonNil {
		st.nonNil = withVar(st.nonNil, v)
		st.nilErrs = withoutVar(st.nilErrs, v)
	} else {
		st.nonNil = withoutVar(st.nonNil, v)
		if !st.carries(v) {
			st.nilErrs = withVar(st.nilErrs, v)
		}
	}
}

// refineLen records whether a slice of errors compared by its length
// (len(errs) > 0, len(errs) == 0, 0 < len(errs), ...) holds an element on
// this branch. Lists of errors are built by appending failures, so an
// element is taken to be a non-nil error.
func (cd *conditions) refineLen(e *ast.BinaryExpr, holds bool, st *pathState) {
	op, x, n := e.Op, e.X, e.Y
	if _, ok := cd.vals.lenOf(n); ok {
		x, n = n, x
		op = map[token.Token]token.Token{token.GTR: token.LSS, token.LSS: token.GTR, token.GEQ: token.LEQ, token.LEQ: token.GEQ}[op]
		if op == token.ILLEGAL {
			op = e.Op // == and != read the same both ways
		}
	}
	arg, ok := cd.vals.lenOf(x)
	lit, isLit := ast.Unparen(n).(*ast.BasicLit)
	if !ok || !isLit || lit.Kind != token.INT {
		return
	}
	v := cd.vals.errorSliceVar(arg)
	if v == nil {
		return
	}
	if !holds {
		op = map[token.Token]token.Token{token.GTR: token.LEQ, token.LEQ: token.GTR, token.GEQ: token.LSS, token.LSS: token.GEQ, token.EQL: token.NEQ, token.NEQ: token.EQL}[op]
	}
	switch {
	case op == token.GTR && lit.Value == "0", op == token.GEQ && lit.Value == "1", op == token.NEQ && lit.Value == "0":
		st.nonEmpty = withVar(st.nonEmpty, v)
	case op == token.EQL && lit.Value == "0", op == token.LEQ && lit.Value == "0", op == token.LSS && lit.Value == "1":
		st.nonEmpty = withoutVar(st.nonEmpty, v)
	}
}

// lenOf returns x when e is len(x).
func (vf *valueFlow) lenOf(e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !isBuiltin(vf.k.info, call, "len") {
		return nil, false
	}
	return call.Args[0], true
}

// errorSliceVar returns the local variable of type []error e names, or nil.
func (vf *valueFlow) errorSliceVar(e ast.Expr) *types.Var {
	return vf.usedVar(e, upstream.IsErrorSlice)
}

// usedVar returns the variable e names when its type satisfies ofType, or nil.
func (vf *valueFlow) usedVar(e ast.Expr, ofType func(types.Type) bool) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := vf.k.info.Uses[id].(*types.Var)
	if !ok || !ofType(v.Type()) {
		return nil
	}
	return v
}

// isErrorValue reports whether t is error or an interface that includes
// it (utilerrors.Aggregate): a variable of either holds a failure or nil.
func isErrorValue(t types.Type) bool {
	if t == nil {
		return false
	}
	if upstream.IsErrorType(t) {
		return true
	}
	return types.IsInterface(t) && types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
}

// errorVar returns the local error variable e names, or nil.
func (vf *valueFlow) errorVar(e ast.Expr) *types.Var { return vf.usedVar(e, isErrorValue) }

// filteredError returns the error argument of e when e calls a function
// that gives nil for a nil error and otherwise the error, wrapped, or nil
// (client.IgnoreNotFound, a wrapper of an error library): when its result
// is not nil, neither is the argument. Nil for any other expression.
func (k *knowledge) filteredError(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := upstream.Callee(k.info, call)
	if fn == nil || !(upstream.NilPreservingFuncs[upstream.FuncKeyOf(fn)] || isErrorWrapper(fn) || isErrorFilter(fn)) {
		return nil
	}
	for _, a := range call.Args {
		if upstream.IsErrorType(k.info.TypeOf(a)) {
			return a
		}
	}
	return nil
}

// isErrorFilter reports whether fn has the shape of an error filter
// (controller-runtime's client.IgnoreNotFound and IgnoreAlreadyExists,
// their likes in operator libraries): a function named Ignore* that takes
// one error and returns only an error, nil for a nil error.
func isErrorFilter(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() != nil || !strings.HasPrefix(fn.Name(), "Ignore") || !returnsOnlyError(fn) {
		return false
	}
	errs := 0
	for v := range sig.Params().Variables() {
		if upstream.IsErrorType(v.Type()) {
			errs++
		}
	}
	return errs == 1
}

// refineRequeue records that a result variable asks for a requeue on the
// branch where the code tested that it does: `if res.RequeueAfter > 0 {
// ...; return res, nil }`, `if res.Requeue`, `if !res.IsZero()`. The
// requeue is the value's, whatever set it (a sub-reconciler's result).
func (cd *conditions) refineRequeue(e ast.Expr, holds bool, st *pathState) {
	if v := cd.requeueTested(e, holds); v != nil {
		st.requeued = withVar(st.requeued, v)
	}
}

// requeueTested returns the result variable e, holding or not as holds
// says, shows to ask for a requeue, or nil.
func (cd *conditions) requeueTested(e ast.Expr, holds bool) *types.Var {
	switch e := e.(type) {
	case *ast.SelectorExpr: // res.Requeue
		if holds && e.Sel.Name == "Requeue" {
			return cd.vals.usedVar(e.X, isResultShaped)
		}
	case *ast.CallExpr: // res.IsZero()
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && !holds && sel.Sel.Name == "IsZero" && len(e.Args) == 0 {
			return cd.vals.usedVar(sel.X, isResultShaped)
		}
	case *ast.BinaryExpr: // res.RequeueAfter > 0, != 0, or not == 0
		x, lit := ast.Unparen(e.X), ast.Unparen(e.Y)
		sel, ok := x.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "RequeueAfter" || !isZeroLit(lit) {
			return nil
		}
		if holds && (e.Op == token.GTR || e.Op == token.NEQ) || !holds && e.Op == token.EQL {
			return cd.vals.usedVar(sel.X, isResultShaped)
		}
	}
	return nil
}
