package model

import (
	"go/ast"
	"go/types"
	"maps"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A reconciler that asks to run again after a constant period on every
// return without an error redoes a lost write within that period. The
// Result is often built once at the top of Reconcile and returned from the
// normal paths (rr := reconcile.Result{RequeueAfter: 5 * time.Second}).
// A period read at run time (`RequeueAfter: obj.Spec.RefreshAfter.Duration`)
// on every such return redoes it too, after a period the code does not
// fix (upstream.NoPeriod: "lost until resync" without one); so do constant
// periods that differ between returns, within the longest.

// noteReconcile records a reconciler whose Reconcile asks for a requeue
// on every return that gives no error, or failing that, on every return of
// its last statements (see requeueTail).
func (h *healing) noteReconcile(info *types.Info, decl *ast.FuncDecl) {
	if decl.Recv == nil || decl.Name.Name != "Reconcile" || decl.Body == nil {
		return
	}
	fn, ok := info.Defs[decl.Name].(*types.Func)
	if !ok || fn.Signature().Results().Len() != 2 || fn.Signature().Recv() == nil {
		return // func () Reconcile(...): no receiver to own it
	}
	owner := namedOf(fn.Signature().Recv().Type())
	if owner == nil {
		return
	}
	vars := requeueVars(info, decl)
	gone := goneReturns(info, decl.Body, requestParam(info, decl))
	stmts := decl.Body.List
	from, period := len(stmts), time.Duration(0)
	for i := len(stmts) - 1; i >= 0; i-- {
		d, ok := stmtRequeues(info, stmts[i], vars, gone)
		if !ok {
			break
		}
		from, period = i, longerPeriod(period, d)
	}
	switch {
	case period == 0:
	case from == 0:
		h.requeues[owner] = period
	case from < len(stmts) && !syntax.UsesGoto(decl):
		t := requeueTail{owner: owner, from: stmts[from].Pos(), end: decl.Body.End(),
			period: period, callees: tailCallees(info, stmts, from)}
		for k, d := range requeuedCallees(info, decl.Body, vars, gone) {
			if !t.callees[k] && d != 0 {
				t.callees[k] = true // requeuecalls.go
				t.callPeriods = mapWith(t.callPeriods, k, d)
			}
		}
		h.tails[FuncIDOf(fn)] = t
	}
}

// stmtRequeues judges the returns of one statement of a Reconcile's body
// (those of its function literals aside, and those of gone, which leave
// after the object is deleted): ok when each one requeues, d the longest
// period.
func stmtRequeues(info *types.Info, stmt ast.Stmt, vars *reconcilePeriods, gone map[*ast.ReturnStmt]bool) (d time.Duration, ok bool) {
	ok = true
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if gone[n] {
				return true
			}
			p, good := quietReturnPeriod(info, n, vars)
			ok = ok && good
			d = longerPeriod(d, p)
		}
		return ok
	})
	return d, ok
}

// requestParam returns Reconcile's second parameter, the request, or nil.
func requestParam(info *types.Info, decl *ast.FuncDecl) *types.Var {
	params := syntax.ParamVars(info, decl)
	if len(params) != 2 {
		return nil
	}
	return params[1]
}

// longerPeriod returns the longer of two requeue periods (0: none yet);
// one read at run time (upstream.NoPeriod) wins.
func longerPeriod(a, b time.Duration) time.Duration {
	if a == upstream.NoPeriod || b == upstream.NoPeriod {
		return upstream.NoPeriod
	}
	return max(a, b)
}

// quietReturnPeriod judges one return of a Reconcile: ok when it returns a
// non-nil error (the error requeues) or a Result with a constant
// RequeueAfter, written in place or held by one of vars; d is that period.
func quietReturnPeriod(info *types.Info, ret *ast.ReturnStmt, vars *reconcilePeriods) (time.Duration, bool) {
	if len(ret.Results) != 2 {
		return 0, false
	}
	if !truth.IsNil(ret.Results[1]) {
		return 0, true // an error: controller-runtime requeues it (a nil one is not told apart)
	}
	if id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		d := vars.results[v]
		return d, d != 0
	}
	d := literalPeriod(info, ret.Results[0], vars.known)
	return d, d != 0
}

// literalPeriod returns the RequeueAfter of a Result literal e: its
// constant or the one value of the Reconcile's variables it is computed
// from (known: `requeueInterval := time.Minute`), upstream.NoPeriod when
// it is read at run time or the literal asks for a requeue without one
// (Requeue: true), 0 when there is none.
func literalPeriod(info *types.Info, e ast.Expr, known *knownValues) time.Duration {
	lit, ok := upstream.StripAddr(e).(*ast.CompositeLit)
	if !ok {
		return 0 // a project's own Result type with the field counts too
	}
	v := syntax.FieldValue(lit, "RequeueAfter")
	switch {
	case v == nil && truth.Const(info, syntax.FieldValue(lit, "Requeue")) == truth.True:
		return upstream.NoPeriod // Requeue: true, after the rate limiter's backoff
	case v == nil:
		return 0
	case info.Types[v].Value != nil:
		return durationOf(info, v)
	}
	if d := durationValue(known.eval(v)); d > 0 {
		return d
	}
	return upstream.NoPeriod
}

// reconcilePeriods are what a Reconcile's returns take their periods
// from: its variables that hold a Result with one constant RequeueAfter,
// and its variables with one value.
type reconcilePeriods struct {
	results map[*types.Var]time.Duration
	known   *knownValues
}

// requeueVars returns the local variables of decl, a Reconcile, that hold
// a Result with the same constant RequeueAfter wherever they are set
// (rr := reconcile.Result{RequeueAfter: 5 * time.Second}), and are never
// changed in part or through their address; and those with one value, set
// once and never through their address.
func requeueVars(info *types.Info, decl *ast.FuncDecl) *reconcilePeriods {
	body := decl.Body
	out := map[*types.Var]time.Duration{}
	known := functionValues(info, decl)
	spoiled := maps.Clone(known.addressed)
	set := func(id *ast.Ident, value ast.Expr) {
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok {
			return
		}
		d := literalPeriod(info, value, known)
		if d == 0 || out[v] != 0 && out[v] != d {
			spoiled[v] = true
		}
		out[v] = d
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			noteResultStores(info, n, set, spoiled)
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if len(n.Values) == len(n.Names) {
					set(id, n.Values[i])
				} else if v, ok := info.Defs[id].(*types.Var); ok {
					spoiled[v] = true // its zero value asks for nothing
				}
			}
		}
		return true
	})
	for v := range spoiled {
		delete(out, v)
	}
	return &reconcilePeriods{results: out, known: known}
}

// noteResultStores passes each whole-variable store of as to set and
// spoils a variable changed in part (rr.Requeue = true).
func noteResultStores(info *types.Info, as *ast.AssignStmt, set func(*ast.Ident, ast.Expr), spoiled map[*types.Var]bool) {
	for i, lhs := range as.Lhs {
		switch l := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			if len(as.Lhs) == len(as.Rhs) {
				set(l, as.Rhs[i])
			} else if v, ok := info.ObjectOf(l).(*types.Var); ok {
				spoiled[v] = true
			}
		case *ast.SelectorExpr:
			if id, ok := ast.Unparen(l.X).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					spoiled[v] = true
				}
			}
		}
	}
}
