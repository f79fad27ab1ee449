package kube

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// Fresh builders: functions and methods, of this package or another,
// whose every return builds an object (or a slice of them) without a
// resourceVersion. Their results count as fresh wherever they are written.

// resultCount returns the number of results of call.
func (m *modeler) resultCount(call *ast.CallExpr) int {
	if t, ok := m.pass.TypesInfo.TypeOf(call).(*types.Tuple); ok {
		return t.Len()
	}
	return 1
}

// freshResult returns the index of the result of call that is a new
// object (or slice of objects) built without a resourceVersion, or -1.
func (m *modeler) freshResult(call *ast.CallExpr) int {
	fn := api.Callee(m.pass.TypesInfo, call)
	if fn == nil {
		return -1
	}
	return m.freshResultOf(fn)
}

// freshResultOf is freshResult for the callee fn: a function of the
// package whose every return builds the result fresh (see buildsFresh), or
// one of another package with a FreshBuildFact.
func (m *modeler) freshResultOf(fn *types.Func) int {
	if r, ok := m.freshBuilders[fn]; ok {
		return r
	}
	if m.freshBuilders == nil {
		m.freshBuilders = make(map[*types.Func]int)
	}
	m.freshBuilders[fn] = -1 // cycle guard
	if decl := m.res.decls[fn]; decl != nil {
		m.freshBuilders[fn] = m.buildsFresh(decl)
	} else if fact := new(FreshBuildFact); fn.Pkg() != m.pass.Pkg && m.pass.ImportObjectFact(fn, fact) {
		m.freshBuilders[fn] = fact.Result
	}
	return m.freshBuilders[fn]
}

// buildsFresh returns the index of decl's result that every return builds
// without a resourceVersion (a fixture, a desired-state builder, a slice of
// those), or -1: the first result of an object type, or a slice of one,
// that every return builds fresh, in a body that never mentions
// ResourceVersion. Another object result may be anything
// (`return chi, cm`: the caller's object and a new ConfigMap).
func (m *modeler) buildsFresh(decl *ast.FuncDecl) int {
	if setsResourceVersion(decl.Body) {
		return -1
	}
	for _, r := range m.objectResults(decl) {
		if m.everyReturnFresh(decl, r) {
			return r
		}
	}
	return -1
}

// everyReturnFresh reports whether every return of decl gives a fresh
// value as result r.
func (m *modeler) everyReturnFresh(decl *ast.FuncDecl, r int) bool {
	n := decl.Type.Results.NumFields()
	return syntax.EveryReturn(decl.Body, func(ret *ast.ReturnStmt) bool {
		switch len(ret.Results) {
		case n:
			return m.freshExpr(decl, ret.Results[r])
		case 1:
			call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
			return ok && m.freshResult(call) == r
		}
		return false
	})
}

// objectResults returns the indices of decl's results whose type is a
// Kubernetes object or a slice of them.
func (m *modeler) objectResults(decl *ast.FuncDecl) []int {
	fn, _ := m.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	var out []int
	rs := fn.Signature().Results()
	for i := range rs.Len() {
		t := rs.At(i).Type()
		if s, ok := types.Unalias(t).Underlying().(*types.Slice); ok {
			t = s.Elem()
		}
		if m.isObject(t) {
			out = append(out, i)
		}
	}
	return out
}
