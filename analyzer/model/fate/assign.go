package fate

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// How an assignment moves the failure: into locals the walk follows, into
// variables of an outer function, or into fields and elements out of view.

// assign applies an assignment or var declaration to the carriers and the
// known non-nil errors. failing, when set, is the right-hand value that is
// the failing call itself.
func (fx *effects) assign(stmt ast.Node, st *pathState, failing ast.Node) {
	lhs, rhs := assignSides(stmt)
	var errResults map[int]bool
	if len(rhs) == 1 && len(lhs) > 1 {
		errResults = errorResults(fx.k.info.TypeOf(rhs[0]))
	}
	if failing != nil && len(rhs) == 1 && len(lhs) > 1 && rhs[0] == failing {
		fx.vals.noteOthers(lhs, func(i int) bool { return errResults[i] })
	}
	for i, l := range lhs {
		var value ast.Expr
		switch {
		case len(rhs) == len(lhs):
			value = rhs[i]
		case errResults[i]:
			value = rhs[0] // the call's failure rides in its error results
		}
		carried := value != nil && (value == failing || fx.vals.carries(value, *st))
		fx.assignOne(l, value, carried, st)
		if value != nil && isRequeueResult(fx.k.info, value) && fx.vals.namesResult(l) {
			st.improve(Handled) // result = ctrl.Result{Requeue: true}, returned later or from a defer
		}
	}
	if failing != nil && len(rhs) == 1 && len(lhs) > 1 {
		fx.learnCompanions(lhs, rhs[0], st)
	}
	if len(lhs) == 2 && len(rhs) == 1 && fx.assertsOtherType(rhs[0], *st) {
		// _, ok := err.(*field.Error): a Conflict is a *StatusError
		if v := fx.definedBool(lhs[1]); v != nil {
			st.unset = withVar(st.unset, v)
		}
	}
}

// errorResults returns the indexes of a tuple's results that can hold the
// call's failure: its error results wherever they stand (`err, failed :=
// run()` as well as `obj, err := get()`), or the last one when none is an
// error.
func errorResults(t types.Type) map[int]bool {
	tuple, ok := t.(*types.Tuple)
	if !ok || tuple.Len() == 0 {
		return nil
	}
	out := make(map[int]bool)
	for i := range tuple.Len() {
		if upstream.IsErrorType(tuple.At(i).Type()) {
			out[i] = true
		}
	}
	if len(out) == 0 {
		out[tuple.Len()-1] = true
	}
	return out
}

// assertsOtherType reports whether e is a type assertion of the failure to
// a concrete type a Conflict never has (anything but apierrors'
// *StatusError).
func (fx *effects) assertsOtherType(e ast.Expr, st pathState) bool {
	ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil || !fx.vals.carries(ta.X, st) {
		return false
	}
	t := fx.k.info.TypeOf(ta.Type)
	if t == nil || types.IsInterface(t) {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return !upstream.IsNamed(t, upstream.ErrorsPath, "StatusError")
}

// definedBool returns the boolean variable e names, or nil.
func (fx *effects) definedBool(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := fx.k.info.ObjectOf(id).(*types.Var)
	if !ok {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	return v
}

// assignOne applies `l = value` where value carries the failure or not.
func (fx *effects) assignOne(l ast.Expr, value ast.Expr, carried bool, st *pathState) {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		if v := fx.requeueFieldSet(l, value); v != nil {
			st.requeued = withVar(st.requeued, v) // res.RequeueAfter = d
		}
		if v := fx.requeueStored(l, value, *st); v != nil {
			st.requeued = withVar(st.requeued, v) // sub.result = ctrl.Result{Requeue: true}
		}
		switch {
		case carried && isText(fx.k.info.TypeOf(value)):
			st.improve(Logged) // its message recorded (a status field): nobody can retry text
		case carried:
			st.improve(HandedOff) // stored in a field, map or slice element
		}
		return
	}
	v, ok := fx.k.info.ObjectOf(id).(*types.Var)
	if !ok || id.Name == "_" {
		return
	}
	if carried && !syntax.Within(declNode(v), fx.f.fn) && !fx.concurrentlyCaptured(v) {
		// What the outer function can do with it; and the literal itself
		// may act on it next (framework.ExpectNoError(err) in a deferred
		// restore), so v is followed like a local too.
		st.improve(fx.capturedFate(v))
	}
	if carried {
		st.carriers = withVar(st.carriers, v)
	} else {
		st.carriers = withoutVar(st.carriers, v)
	}
	if value != nil && (carriesRequeue(fx.k.info, value, 0) || fx.vals.requeueVar(value, *st)) {
		st.requeued = withVar(st.requeued, v)
	} else {
		st.requeued = withoutVar(st.requeued, v)
	}
	st.set, st.unset = withoutVar(st.set, v), withoutVar(st.unset, v)
	if value == nil || !fx.appendsTo(value, id) {
		st.counted = withoutVar(st.counted, v) // appending keeps a list of what failed non-empty
	}
	st.consts = withoutConst(st.consts, v)
	switch truth.Const(fx.k.info, value) {
	case truth.True:
		st.set = withVar(st.set, v)
	case truth.False:
		st.unset = withVar(st.unset, v)
	}
	if value != nil && isErrorValue(v.Type()) && (carried || fx.k.nonNilExpr(value, *st)) {
		st.nonNil = withVar(st.nonNil, v)
	} else {
		st.nonNil = withoutVar(st.nonNil, v)
	}
	if value != nil && upstream.IsErrorSlice(v.Type()) && fx.vals.holdsNonNilError(value, *st) {
		st.nonEmpty = withVar(st.nonEmpty, v)
	} else {
		st.nonEmpty = withoutVar(st.nonEmpty, v)
	}
	if value != nil && truth.IsNil(value) {
		st.nilErrs = withVar(st.nilErrs, v)
	} else {
		st.nilErrs = withoutVar(st.nilErrs, v)
	}
}

// requeueFieldSet returns v when l = value sets a requeue field (Requeue,
// RequeueAfter) of the reconcile.Result in the variable v to a value that
// is not zero (res.RequeueAfter = 3 * time.Second), or nil.
func (fx *effects) requeueFieldSet(l, value ast.Expr) *types.Var {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	if !ok || value == nil || isZeroLit(value) || !upstream.RequeueFields[sel.Sel.Name] {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := fx.k.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	t := v.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if !upstream.IsNamed(t, upstream.ReconcilePath, "Result") {
		return nil
	}
	return v
}

// requeueStored returns the variable a field assignment l = value stores
// a requeue in (sub.result = ctrl.Result{Requeue: true}, or a variable
// holding one), or nil: the variable carries the requeue where it goes.
func (fx *effects) requeueStored(l, value ast.Expr, st pathState) *types.Var {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	if !ok || value == nil || !(carriesRequeue(fx.k.info, value, 0) || fx.vals.requeueVar(value, st)) {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := fx.k.info.Uses[id].(*types.Var)
	return v
}

// concurrentlyCaptured reports whether v, declared outside the function
// that fails, is captured across a goroutine: the function that declares
// it runs concurrently and cannot read it in step, so within the literal v
// is followed like a local.
func (fx *effects) concurrentlyCaptured(v *types.Var) bool {
	for enc := range fx.f.cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		lit, ok := enc.Node().(*ast.FuncLit)
		if !ok || syntax.Within(declNode(v), lit) {
			return false
		}
		if call, ok := enc.Parent().Node().(*ast.CallExpr); ok && call.Fun == lit {
			if _, isGo := enc.Parent().Parent().Node().(*ast.GoStmt); isGo {
				return true
			}
		}
	}
	return false
}

// namesResult reports whether l is a named result of a function around the
// failing call.
func (vf *valueFlow) namesResult(l ast.Expr) bool {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := vf.k.info.ObjectOf(id).(*types.Var)
	return ok && isResultOfEnclosing(vf.k.info, vf.f.cur, v)
}

// capturedFate is what storing the failure into v, a variable of an outer
// function, does with it.
func (fx *effects) capturedFate(v *types.Var) Fate {
	switch {
	case isResultOfEnclosing(fx.k.info, fx.f.cur, v):
		return Returned // a deferred literal setting the outer named result
	case fx.f.deferred:
		return Dropped // the outer function has returned: no one reads it
	}
	return HandedOff
}

func assignSides(stmt ast.Node) (lhs, rhs []ast.Expr) {
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			return nil, nil
		}
		return s.Lhs, s.Rhs
	case *ast.ValueSpec:
		names := make([]ast.Expr, len(s.Names))
		for i, n := range s.Names {
			names[i] = n
		}
		return names, s.Values
	}
	return nil, nil
}
