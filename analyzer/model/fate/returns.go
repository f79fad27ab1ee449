package fate

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// returnFate judges a return statement reached on a path.
func (ex *exits) returnFate(ret *ast.ReturnStmt, st pathState) Fate {
	f := st.best
	if returnsRequeue(ex.k.info, ret) || ex.returnsRequeueCall(ret) || slices.ContainsFunc(ret.Results, ex.k.isRequeueVar) {
		f = max(f, Handled) // a requeue
	}
	if ex.returnsTerminal(ret, st) {
		f = max(f, Terminal)
	}
	if (st.conflict || st.pastGuard && !ex.implicit(ret)) && !ex.returnsNilVar(ret, st) && !ex.letsConflictGo(ret) {
		// A return the code chose for a Conflict (past a guard that
		// leaves only Conflicts, a return it writes); but one that hands
		// on an error variable known to be nil here meant to return an
		// error and returns none, and one that returns only nil and
		// constants ignores the Conflict: nothing writes again until
		// something else runs the function (a finding, graded).
		f = max(f, Handled)
	}
	if ex.f.pollCall != nil {
		return max(f, ex.pollReturnFate(ret, st))
	}
	if st.testedIn != nil && (ex.signalsFailure(ret) || ex.returnsOwnStatus(ret)) && !ex.statusDiscarded() {
		f = max(f, HandedOff) // `return false`, or a status of its own, after testing the error: the caller learns it failed
	}
	if ex.returnsCount(ret, st) {
		f = max(f, HandedOff) // the caller gets the count of failures
	}
	// Value flow: any result, whatever its type, that holds a value built
	// from the failure (an error, a result struct, an aggregate) returns
	// it; a Result held in a variable that asks for a requeue requeues.
	res := ex.f.sig.Results()
	for i, e := range ex.vals.results(ret) {
		isErr := upstream.IsErrorType(res.At(i).Type())
		switch {
		case e == nil:
			v := ex.vals.namedResult(i)
			switch {
			case v == nil:
			case st.carries(v):
				f = max(f, Returned)
			case isErr && st.isNonNil(v):
				f = max(f, ReturnedOther)
			case st.requeues(v):
				f = max(f, Handled)
			}
		case ex.vals.carries(e, st):
			f = max(f, Returned)
		case isErr && ex.k.nonNilExpr(e, st):
			f = max(f, ReturnedOther)
		case ex.vals.requeueVar(e, st):
			f = max(f, Handled)
		}
	}
	return f
}

// returnsTerminal reports whether ret returns the failure wrapped in
// reconcile.TerminalError, which controller-runtime does not requeue.
func (ex *exits) returnsTerminal(ret *ast.ReturnStmt, st pathState) bool {
	for _, e := range ret.Results {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !ex.vals.carries(call.Args[0], st) {
			continue
		}
		if fn := upstream.Callee(ex.k.info, call); fn != nil && upstream.FuncKeyOf(fn) == (upstream.FuncKey{Pkg: upstream.ReconcilePath, Name: "TerminalError"}) {
			return true
		}
	}
	return false
}

// returnsRequeueCall reports whether ret returns the results of a function
// that asks for a requeue on every return, or of a pass-through handed a
// requeue.
func (ex *exits) returnsRequeueCall(ret *ast.ReturnStmt) bool {
	for _, e := range ret.Results {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && (ex.k.callResultVerdict(call) == ResultRequeues || ex.k.passesRequeue(call)) {
			return true
		}
	}
	return false
}

// implicit reports whether ret is the return the control-flow graph adds
// where the function's body falls off its end.
func (ex *exits) implicit(ret *ast.ReturnStmt) bool {
	body := syntax.FuncBody(ex.f.fn)
	return body != nil && ret.Return == body.Rbrace
}

// letsConflictGo reports whether ret, reached on a Conflict, lets it go:
// it returns nothing a failure could ride on, and the statements before
// it in its block only log (`if apierrors.IsConflict(err) { log...;
// return nil }`). A branch that calls anything else (a helper that
// requeues, `enqueueAfter(obj, time.Second)`) or sets a variable acts.
func (ex *exits) letsConflictGo(ret *ast.ReturnStmt) bool {
	if !ex.returnsNothing(ret) {
		return false
	}
	for _, stmt := range ex.stmtsBefore(ret) {
		if !ex.onlyLogs(stmt) && !ex.passedBy(stmt) {
			return false
		}
	}
	return true
}

// passedBy reports whether stmt does nothing on a Conflict's path that
// reaches a later statement of its block: a statement before the failing
// write, the write's own assignment (`err := r.Update(...)`), or a guard
// without else whose body returns and whose condition only tests the
// error (`if err != nil && !IsConflict(err) { return err }`), which the
// path did not enter.
func (ex *exits) passedBy(stmt ast.Stmt) bool {
	if stmt.End() <= ex.f.call.Pos() {
		return true
	}
	switch s := stmt.(type) {
	case *ast.AssignStmt, *ast.DeclStmt:
		return syntax.Within(ex.f.call, s)
	case *ast.IfStmt:
		if s.Else != nil || len(s.Body.List) == 0 || s.Init != nil && !syntax.Within(ex.f.call, s.Init) {
			return false
		}
		_, returns := s.Body.List[len(s.Body.List)-1].(*ast.ReturnStmt)
		return returns && ex.testsOnlyErrors(s.Cond)
	}
	return false
}

// testsOnlyErrors reports whether every call in cond is a predicate of an
// error or an unwrapping of one (`apierrors.IsConflict(errors.Cause(err))`,
// `errors.Is(err, target)`): a bool or an error from a call with an error
// argument.
func (ex *exits) testsOnlyErrors(cond ast.Expr) bool {
	only := true
	ast.Inspect(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !only {
			return only
		}
		fn := upstream.Callee(ex.k.info, call)
		if fn == nil || fn.Signature().Results().Len() != 1 || !isBool(fn.Signature().Results().At(0).Type()) && !isErrorValue(fn.Signature().Results().At(0).Type()) {
			only = false
			return false
		}
		only = slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return isErrorValue(ex.k.info.TypeOf(a)) })
		return only
	})
	return only
}

// stmtsBefore returns the statements before ret in the block that holds
// it.
func (ex *exits) stmtsBefore(ret *ast.ReturnStmt) []ast.Stmt {
	var before []ast.Stmt
	ast.Inspect(syntax.FuncBody(ex.f.fn), func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			if i := slices.Index(b.List, ast.Stmt(ret)); i >= 0 {
				before = b.List[:i]
				return false
			}
		}
		return before == nil
	})
	return before
}

// onlyLogs reports whether stmt is a call statement of a logger or an
// event recorder, or of fmt's printers.
func (ex *exits) onlyLogs(stmt ast.Stmt) bool {
	es, ok := stmt.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := upstream.Callee(ex.k.info, call)
	return fn != nil && (isLogging(fn) || isLoggerShaped(fn, call, nil) || fn.Pkg() != nil && fn.Pkg().Path() == "fmt")
}

// returnsNothing reports whether ret hands its caller nothing a failure
// could ride on: no results in a function without named ones, or only
// nil, zero constants other than booleans and empty composite literals
// (`ctrl.Result{}`).
func (ex *exits) returnsNothing(ret *ast.ReturnStmt) bool {
	if len(ret.Results) == 0 {
		return ex.f.sig.Results().Len() == 0 || ex.f.sig.Results().At(0).Name() == ""
	}
	for _, e := range ret.Results {
		switch e := ast.Unparen(e).(type) {
		case *ast.CompositeLit:
			if len(e.Elts) > 0 {
				return false
			}
		default:
			if isBool(ex.k.info.TypeOf(e)) || !truth.IsNil(e) && !isZeroConst(ex.k.info.Types[e].Value) {
				// A value the caller may act on: any bool (velero's
				// exclusive update returns false when another node won,
				// karpenter's node overlays true to recompute), a
				// non-zero constant.
				return false
			}
		}
	}
	return true
}

// isZeroConst reports whether v is a constant zero value: false, 0, "".
func isZeroConst(v constant.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind() {
	case constant.Bool:
		return !constant.BoolVal(v)
	case constant.String:
		return constant.StringVal(v) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(v) == 0
	}
	return false
}

// returnsNilVar reports whether ret returns, as an error result, a
// variable known to be nil on this path.
func (ex *exits) returnsNilVar(ret *ast.ReturnStmt, st pathState) bool {
	for _, e := range ex.vals.results(ret) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && e != nil {
			if v, ok := ex.k.info.Uses[id].(*types.Var); ok && slices.Contains(st.nilErrs, v) {
				return true
			}
		}
	}
	return false
}

// requeueVar reports whether e is (the address of, or what points to) a
// variable that holds a reconcile.Result asking for a requeue on this path.
func (vf *valueFlow) requeueVar(e ast.Expr, st pathState) bool {
	e = upstream.StripAddr(e)
	if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := vf.k.info.Uses[id].(*types.Var)
	return ok && st.requeues(v)
}

// signalsFailure reports whether ret gives the constant false for a bool
// result of a function without an error result: the failure reaches the
// caller as a value it can act on (adopted, ok := c.adopt(...)).
func (ex *exits) signalsFailure(ret *ast.ReturnStmt) bool {
	if !ex.valuesWithoutError(ret) {
		return false
	}
	res := ex.f.sig.Results()
	for i, e := range ret.Results {
		if b, ok := res.At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool && truth.Const(ex.k.info, e) == truth.False {
			return true
		}
	}
	return false
}

// valuesWithoutError reports whether ret gives every result of a function
// that has no error result.
func (ex *exits) valuesWithoutError(ret *ast.ReturnStmt) bool {
	res := ex.f.sig.Results()
	if len(ret.Results) != res.Len() {
		return false
	}
	for i := range res.Len() {
		if upstream.IsErrorType(res.At(i).Type()) {
			return false
		}
	}
	return true
}

// returnsOwnStatus reports whether ret, in a function without an error
// result, returns for a result of a project's named type (a result
// struct, an interface, an enum: `return task.Fail().With(...)`, `return
// SyncStateError`) a value that some other return of the function does
// not: the failure reaches the caller as a status it can act on, as a
// requeue in a project's result is. Standard library types and
// controller-runtime's Result (judged by its fields) are not statuses.
func (ex *exits) returnsOwnStatus(ret *ast.ReturnStmt) bool {
	if !ex.valuesWithoutError(ret) {
		return false
	}
	res := ex.f.sig.Results()
	for i, e := range ret.Results {
		if isProjectStatus(res.At(i).Type(), ex.k.pkg) && ex.otherReturnDiffers(ret, i, types.ExprString(e)) {
			return true
		}
	}
	return false
}

// isProjectStatus reports whether t is a named type declared in pkg or
// outside the standard library, other than controller-runtime's Result.
func isProjectStatus(t types.Type, pkg *types.Package) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || isReconcileResult(n) {
		return false
	}
	if n.Obj().Pkg() == pkg {
		return true
	}
	first, _, _ := strings.Cut(n.Obj().Pkg().Path(), "/")
	return strings.Contains(first, ".")
}

// otherReturnDiffers reports whether a return of the function other than
// ret gives its i-th result as an expression other than text.
func (ex *exits) otherReturnDiffers(ret *ast.ReturnStmt, i int, text string) bool {
	differs := false
	ast.Inspect(syntax.FuncBody(ex.f.fn), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if n != ret && len(n.Results) == len(ret.Results) && types.ExprString(n.Results[i]) != text {
				differs = true
			}
		}
		return !differs
	})
	return differs
}

// results returns, for each result of the function, the expression
// returned there (nil for a bare return with named results); for `return
// f()` with several results, the call, at the last result.
func (vf *valueFlow) results(ret *ast.ReturnStmt) map[int]ast.Expr {
	res := vf.f.sig.Results()
	out := make(map[int]ast.Expr)
	for i := range res.Len() {
		switch {
		case len(ret.Results) == 0:
			out[i] = nil
		case len(ret.Results) == res.Len():
			out[i] = ret.Results[i]
		case len(ret.Results) == 1 && i == res.Len()-1:
			out[i] = ret.Results[0] // return f(): the values ride in the call
		}
	}
	return out
}

func (vf *valueFlow) namedResult(i int) *types.Var {
	v := vf.f.sig.Results().At(i)
	if v.Name() == "" || v.Name() == "_" {
		return nil
	}
	return v
}

// returnsFailure reports whether ret hands on value, the failing call
// itself, in one of its results.
func (ex *exits) returnsFailure(ret *ast.ReturnStmt, value ast.Node) bool {
	for _, e := range ex.vals.results(ret) {
		if e != nil && syntax.Within(value, e) {
			return true
		}
	}
	return false
}

// pollReturnFate judges a return of a wait.Poll condition: (false, nil)
// makes wait run it again, which retries when it re-reads the object
// (before its write, or on this path after the failure); an
// error stops the poll and shares the fate of the poll's own error.
func (ex *exits) pollReturnFate(ret *ast.ReturnStmt, st pathState) Fate {
	if len(ret.Results) != 2 {
		return st.best
	}
	done, err := ret.Results[0], ret.Results[1]
	if truth.IsNil(err) {
		if ex.cd.eval(done, st) == truth.False && (ex.f.pollRereads || st.reread) {
			return Retried
		}
		return st.best
	}
	if st.reread && !ex.vals.carries(err, st) {
		// The re-read after the failure failed and its error ends the
		// poll: the retry gives up, as RetryOnConflict does when the Get
		// inside it fails.
		return Retried
	}
	if ex.vals.carries(err, st) || ex.k.nonNilExpr(err, st) {
		cur, ok := ex.f.cur.Inspector().Root().FindNode(ex.f.pollCall) // the poll call is outside fn
		if !ok {
			return HandedOff
		}
		return ex.t.traceFailure(cur, upstream.Object{})
	}
	return st.best
}
