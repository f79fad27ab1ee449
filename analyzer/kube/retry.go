package kube

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// retryArg returns the index of the argument that c runs again on Conflict,
// or -1. Upstream helpers come from the table; those that retry on a
// caller-chosen condition count only when that condition tests IsConflict.
// Helpers of this package found so far count too.
func (m *modeler) retryArg(c call) int {
	if i, ok := m.res.retryHelpers[c.callee]; ok {
		if i >= len(c.expr.Args) {
			return -1 // an ill-typed call without the func argument
		}
		return i
	}
	rf, ok := api.RetryFuncs[api.FuncKeyOf(c.callee)]
	if !ok || rf.FnArg >= len(c.expr.Args) {
		return -1
	}
	if rf.PredArg >= 0 && !m.callsConflictCheck(c.expr.Args[rf.PredArg], true) {
		return -1
	}
	if rf.NeedsConflictCheck && !m.callsConflictCheck(c.expr.Args[rf.FnArg], false) && !m.neverDone(c.expr.Args[rf.FnArg]) {
		return -1
	}
	return rf.FnArg
}

// neverDone reports whether the condition function e (a wait poll or
// backoff condition in this package) never reports done: every return
// statement of its body returns the constant false first. wait then runs it
// again after every failure, Conflict included, until the context or the
// backoff ends, which is a retry whatever the error.
func (m *modeler) neverDone(e ast.Expr) bool {
	body := syntax.FuncBody(m.funcBody(e))
	if body == nil {
		return false
	}
	return syntax.EveryReturn(body, func(ret *ast.ReturnStmt) bool {
		if len(ret.Results) == 0 {
			return false // a named result: its value is out of view
		}
		tv, ok := m.pass.TypesInfo.Types[ret.Results[0]]
		return ok && tv.Value != nil && tv.Value.ExactString() == "false"
	})
}

// callsConflictCheck reports whether the function value e is IsConflict itself
// (when direct is allowed) or a function whose body calls IsConflict.
func (m *modeler) callsConflictCheck(e ast.Expr, direct bool) bool {
	if direct {
		if fn := api.FuncValue(m.pass.TypesInfo, e); fn != nil && api.ConflictChecks[api.FuncKeyOf(fn)] {
			return true
		}
	}
	body := m.funcBody(e)
	return body != nil && m.conflictTesters[body]
}

// funcBody returns the body a function value denotes when it is in this
// package: a literal, a literal bound to a local variable, or a named
// function or method value. Otherwise nil.
func (m *modeler) funcBody(e ast.Expr) ast.Node {
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.FuncLit); ok {
		return lit
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := m.pass.TypesInfo.Uses[id].(*types.Var); ok {
			if lit := m.funcVars[v]; lit != nil {
				return lit
			}
		}
	}
	if decl := m.res.decls[api.FuncValue(m.pass.TypesInfo, e)]; decl != nil {
		return decl
	}
	return nil
}

// findRetryHelpers finds the functions of this package that pass their func
// parameter to a retry (directly, or from a literal that calls it), to a
// fixed point so that helpers of helpers count.
func (m *modeler) findRetryHelpers(calls []call) {
	for changed := true; changed; {
		changed = false
		for _, c := range calls {
			idx := m.retryArg(c)
			if idx < 0 {
				continue
			}
			decl, fn := m.enclosingDecl(c)
			if decl == nil {
				continue
			}
			if _, known := m.res.retryHelpers[fn]; known {
				continue
			}
			if p := m.paramPassed(decl, c.expr.Args[idx]); p >= 0 {
				m.res.retryHelpers[fn] = p
				changed = true
			}
		}
	}
}

// enclosingDecl returns the function declaration around c and its object.
func (m *modeler) enclosingDecl(c call) (*ast.FuncDecl, *types.Func) {
	decl := c.site().decl()
	if decl == nil {
		return nil, nil
	}
	fn, _ := m.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return decl, fn
}

// paramPassed returns the index of decl's parameter that arg is, or that a
// literal arg calls, or -1.
func (m *modeler) paramPassed(decl *ast.FuncDecl, arg ast.Expr) int {
	params := syntax.ParamVars(m.pass.TypesInfo, decl)
	indexOf := func(id *ast.Ident) int {
		for i, p := range params {
			if p != nil && m.pass.TypesInfo.Uses[id] == p {
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

// findScopes records, for each call that retries, the body it retries.
func (m *modeler) findScopes(calls []call) {
	m.res.scopeByBody = make(map[ast.Node]*RetryScope)
	for _, c := range calls {
		idx := m.retryArg(c)
		if idx < 0 {
			continue
		}
		body := m.funcBody(c.expr.Args[idx])
		if body == nil || m.res.scopeByBody[body] != nil {
			continue
		}
		cur, ok := m.cursors.At(body)
		if !ok {
			continue
		}
		s := &RetryScope{Call: c.expr, Callee: c.callee, Body: body, Cursor: cur}
		m.res.scopes = append(m.res.scopes, s)
		m.res.scopeByBody[body] = s
	}
}
