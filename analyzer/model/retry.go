package model

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// retries is what the second stage finds: the functions that run a func
// parameter inside a conflict retry, and the retry scopes.
type retries struct {
	helpers     map[*types.Func]int // function → index of the func parameter it retries
	preds       map[*types.Func]int // helper → its predicate parameter, for one that retries only what the predicate holds for
	scopes      []*RetryScope
	scopeByBody scopesByBody
}

// scopesByBody are the retry scopes by the function body they retry.
type scopesByBody map[ast.Node]*RetryScope

// around returns the innermost retry scope around the function of frame
// f, or nil.
func (sb scopesByBody) around(f *frame) *RetryScope {
	for ; f != nil; f = f.outer {
		if s := sb[f.fn]; s != nil {
			return s
		}
	}
	return nil
}

// findRetries is the second stage: the configured wrappers (which take
// precedence over facts), this package's retry helpers, and the retry
// scope of every closure a retry runs. imported holds the helpers known
// from facts; predicates the answers on a Conflict of other packages'
// predicates.
func findRetries(info *types.Info, wrappers upstream.NameList, scan *callScan, imported imported, predicates map[types.Object]fate.Verdict) *retries {
	f := &retryFinder{info: info, scan: scan, helpers: maps.Clone(imported.retryHelpers), preds: maps.Clone(imported.retryPreds), predicates: predicates}
	f.applyConfig(wrappers)
	f.findHelpers()
	out := &retries{helpers: f.helpers, preds: f.preds}
	out.scopes, out.scopeByBody = f.findScopes()
	return out
}

// retryFinder finds the retry helpers and scopes of the scanned calls.
type retryFinder struct {
	info    *types.Info
	scan    *callScan
	helpers map[*types.Func]int // the retry helpers known so far
	// preds are, of helpers, those that retry only the failures their
	// predicate parameter holds for: a call of one retries a Conflict
	// when the predicate it gives holds on a Conflict.
	preds      map[*types.Func]int
	predicates map[types.Object]fate.Verdict // other packages' predicates
}

// applyConfig records the configured retry wrappers.
func (f *retryFinder) applyConfig(wrappers upstream.NameList) {
	for _, c := range f.scan.calls {
		if wrappers.Has(c.callee) {
			if p := upstream.FirstFuncParam(c.callee); p >= 0 {
				f.helpers[c.callee] = p
			}
		}
	}
}

// retryArg returns the index of the argument that c runs again on Conflict,
// or -1. Upstream helpers come from the table; those that retry on a
// caller-chosen condition count only when that condition tests IsConflict.
// This package's helpers found so far count too.
func (f *retryFinder) retryArg(c call) int {
	if i, ok := f.helpers[c.callee]; ok {
		q, conditional := f.preds[c.callee]
		if i >= len(c.expr.Args) || conditional && (q >= len(c.expr.Args) || !f.holdsOnConflict(c.expr.Args[q])) {
			return -1 // an ill-typed call, or a predicate that lets a Conflict go
		}
		return i
	}
	rf, ok := upstream.RetryFuncs[upstream.FuncKeyOf(c.callee)]
	if !ok || rf.FnArg >= len(c.expr.Args) {
		return -1
	}
	if rf.PredArg >= 0 && !f.holdsOnConflict(c.expr.Args[rf.PredArg]) {
		return -1
	}
	if rf.NeedsConflictCheck && !f.callsConflictCheck(c.expr.Args[rf.FnArg], false) && !f.neverDone(c.expr.Args[rf.FnArg]) {
		return -1
	}
	return rf.FnArg
}

// neverDone reports whether the condition function e (a wait poll or
// backoff condition in this package) never reports done: every return
// statement of its body returns the constant false first. wait then runs it
// again after every failure, Conflict included, until the context or the
// backoff ends, which is a retry whatever the error.
func (f *retryFinder) neverDone(e ast.Expr) bool { return f.alwaysReturns(e, "false") }

// alwaysReturns reports whether every return statement of the function e
// (of this package) gives the boolean constant want first: a wait
// condition that is never done ("false"), or a retry.OnError predicate
// that retries every error, a Conflict too ("true").
func (f *retryFinder) alwaysReturns(e ast.Expr, want string) bool {
	body := syntax.FuncBody(f.funcBody(e))
	if body == nil {
		return false
	}
	return syntax.EveryReturn(body, func(ret *ast.ReturnStmt) bool {
		if len(ret.Results) == 0 {
			return false // a named result: its value is out of view
		}
		tv, ok := f.info.Types[ret.Results[0]]
		return ok && tv.Value != nil && tv.Value.ExactString() == want
	})
}

// holdsOnConflict reports whether the predicate e (a function value taking
// the error) holds on a Conflict: IsConflict, a function of the package
// that tests it, one that holds for every error, or another package's
// predicate whose fact says so.
func (f *retryFinder) holdsOnConflict(e ast.Expr) bool {
	if f.callsConflictCheck(e, true) || f.alwaysReturns(e, "true") {
		return true
	}
	fn := upstream.FuncValue(f.info, e)
	v, ok := f.predicates[fn]
	return fn != nil && ok && v.Holds
}

// callsConflictCheck reports whether the function value e is IsConflict itself
// (when direct is allowed) or a function whose body calls IsConflict.
func (f *retryFinder) callsConflictCheck(e ast.Expr, direct bool) bool {
	if direct {
		if fn := upstream.FuncValue(f.info, e); fn != nil && upstream.ConflictChecks[upstream.FuncKeyOf(fn)] {
			return true
		}
	}
	body := f.funcBody(e)
	return body != nil && f.scan.conflictTesters[body]
}

// funcBody returns the body a function value denotes when it is in this
// package: a literal, a literal bound to a local variable, or a named
// function or method value. Otherwise nil.
func (f *retryFinder) funcBody(e ast.Expr) ast.Node {
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.FuncLit); ok {
		return lit
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := f.info.Uses[id].(*types.Var); ok {
			if lit := f.scan.funcVars[v]; lit != nil {
				return lit
			}
		}
	}
	if decl := f.scan.decls.decls[upstream.FuncValue(f.info, e)]; decl != nil {
		return decl
	}
	return nil
}

// findHelpers finds the functions of this package that pass their func
// parameter to a retry (directly, or from a literal that calls it), to a
// fixed point so that helpers of helpers count.
func (f *retryFinder) findHelpers() {
	graph.Saturate(f.scan.calls, f.helperFrom)
}

// helperFrom records the function that makes call c as a helper when c
// is a retry (or a helper's call) given that function's func parameter,
// and reports whether it did.
func (f *retryFinder) helperFrom(c call) bool {
	decl, fn := f.enclosingDecl(c)
	if decl == nil {
		return false
	}
	if _, known := f.helpers[fn]; known {
		return false
	}
	idx, pred := f.retryArg(c), -1
	if idx < 0 {
		idx, pred = f.conditionalRetry(c, decl)
	}
	if idx < 0 {
		return false
	}
	p := f.paramPassed(decl, c.expr.Args[idx])
	if p < 0 || p == pred {
		return false
	}
	f.helpers[fn] = p
	if pred >= 0 {
		f.preds[fn] = pred
	}
	return true
}

// enclosingDecl returns the function declaration around c and its object.
func (f *retryFinder) enclosingDecl(c call) (*ast.FuncDecl, *types.Func) {
	decl := c.site().decl()
	if decl == nil {
		return nil, nil
	}
	fn, _ := f.info.Defs[decl.Name].(*types.Func)
	return decl, fn
}

// paramPassed returns the index of decl's parameter that arg is, or that a
// literal arg calls, or -1.
func (f *retryFinder) paramPassed(decl *ast.FuncDecl, arg ast.Expr) int {
	params := syntax.ParamVars(f.info, decl)
	indexOf := func(id *ast.Ident) int {
		for i, p := range params {
			if p != nil && f.info.Uses[id] == p {
				return i
			}
		}
		return -1
	}
	arg = ast.Unparen(arg)
	if id, ok := arg.(*ast.Ident); ok {
		return indexOf(id)
	}
	lit, ok := arg.(*ast.FuncLit)
	if !ok {
		return -1
	}
	found := -1
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok && found < 0 {
			if id, ok := ast.Unparen(ce.Fun).(*ast.Ident); ok {
				found = indexOf(id)
			}
		}
		return found < 0
	})
	return found
}

// findScopes returns, for each call that retries, the body it retries,
// once the helpers are final.
func (f *retryFinder) findScopes() (scopes []*RetryScope, byBody scopesByBody) {
	byBody = make(scopesByBody)
	for _, c := range f.scan.calls {
		idx := f.retryArg(c)
		if idx < 0 {
			continue
		}
		body := f.funcBody(c.expr.Args[idx])
		if body == nil || byBody[body] != nil {
			continue
		}
		cur, ok := f.scan.cursors.At(body)
		if !ok {
			continue
		}
		s := &RetryScope{Call: c.expr, Callee: c.callee, Body: body, Cursor: cur}
		scopes = append(scopes, s)
		byBody[body] = s
	}
	return scopes, byBody
}

// conditionalRetry returns, for a call c that retries its func argument
// arg only when a predicate parameter of the function around it holds
// (`retry.OnError(b, retryable, fn)`, a conditional helper given its
// caller's predicate, or a wait condition that asks that predicate of the
// failure before it runs again), arg's index and that parameter's; -1
// otherwise. The function around c is then a conditional retry helper.
func (f *retryFinder) conditionalRetry(c call, decl *ast.FuncDecl) (arg, pred int) {
	paramOf := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		return slices.IndexFunc(syntax.ParamVars(f.info, decl), func(p *types.Var) bool { return p != nil && f.info.Uses[id] == p })
	}
	if i, ok := f.helpers[c.callee]; ok {
		if q, conditional := f.preds[c.callee]; conditional && i < len(c.expr.Args) && q < len(c.expr.Args) {
			if p := paramOf(c.expr.Args[q]); p >= 0 {
				return i, p
			}
		}
		return -1, -1
	}
	rf, ok := upstream.RetryFuncs[upstream.FuncKeyOf(c.callee)]
	switch {
	case !ok || rf.FnArg >= len(c.expr.Args):
	case rf.PredArg >= 0:
		if p := paramOf(c.expr.Args[rf.PredArg]); p >= 0 {
			return rf.FnArg, p
		}
	case rf.NeedsConflictCheck:
		if p := f.predicateAsked(c.expr.Args[rf.FnArg], decl); p >= 0 {
			return rf.FnArg, p
		}
	}
	return -1, -1
}

// predicateAsked returns the index of decl's parameter of predicate type
// (func(error) bool) that the wait condition literal e calls, or -1.
func (f *retryFinder) predicateAsked(e ast.Expr, decl *ast.FuncDecl) int {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok {
		return -1
	}
	params := syntax.ParamVars(f.info, decl)
	found := -1
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found >= 0 {
			return found < 0
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return true
		}
		for i, p := range params {
			if p != nil && f.info.Uses[id] == p && isErrorPredicate(p.Type()) {
				found = i
			}
		}
		return found < 0
	})
	return found
}

// isErrorPredicate reports whether t is func(error) bool.
func isErrorPredicate(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		upstream.IsErrorType(sig.Params().At(0).Type()) && types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool])
}
