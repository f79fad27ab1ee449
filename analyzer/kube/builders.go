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
func resultCount(info *types.Info, call *ast.CallExpr) int {
	if t, ok := info.TypeOf(call).(*types.Tuple); ok {
		return t.Len()
	}
	return 1
}

// freshResult returns the index of the result of call that is a new
// object (or slice of objects) built without a resourceVersion, or -1.
func (j *versionJudge) freshResult(call *ast.CallExpr) int {
	fn := api.Callee(j.info, call)
	if fn == nil {
		return -1
	}
	return j.freshResultOf(fn)
}

// freshResultOf is freshResult for the callee fn: a function of the
// package whose every return builds the result fresh (see buildsFresh), or
// one of another package with a FreshBuildFact.
func (j *versionJudge) freshResultOf(fn *types.Func) int {
	if r, ok := j.freshBuilders[fn]; ok {
		return r
	}
	j.freshBuilders[fn] = -1 // cycle guard
	if decl := j.decls[fn]; decl != nil {
		j.freshBuilders[fn] = j.buildsFresh(decl)
	} else if fact := new(FreshBuildFact); fn.Pkg() != j.pass.Pkg && j.pass.ImportObjectFact(fn, fact) {
		j.freshBuilders[fn] = fact.Result
	}
	return j.freshBuilders[fn]
}

// buildsFresh returns the index of decl's result that every return builds
// without a resourceVersion (a fixture, a desired-state builder, a slice of
// those), or -1: the first result of an object type, or a slice of one,
// that every return builds fresh, in a body that never mentions
// ResourceVersion. Another object result may be anything
// (`return chi, cm`: the caller's object and a new ConfigMap).
func (j *versionJudge) buildsFresh(decl *ast.FuncDecl) int {
	if setsResourceVersion(decl.Body) {
		return -1
	}
	for _, r := range j.objectResults(decl) {
		if j.everyReturnFresh(decl, r) {
			return r
		}
	}
	return -1
}

// everyReturnFresh reports whether every return of decl gives a fresh
// value as result r.
func (j *versionJudge) everyReturnFresh(decl *ast.FuncDecl, r int) bool {
	n := decl.Type.Results.NumFields()
	return syntax.EveryReturn(decl.Body, func(ret *ast.ReturnStmt) bool {
		switch len(ret.Results) {
		case n:
			return j.freshExpr(decl, ret.Results[r])
		case 1:
			call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
			return ok && j.freshResult(call) == r
		}
		return false
	})
}

// objectResults returns the indices of decl's results whose type is a
// Kubernetes object or a slice of them.
func (j *versionJudge) objectResults(decl *ast.FuncDecl) []int {
	fn, _ := j.info.Defs[decl.Name].(*types.Func)
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
		if j.objects.is(t) {
			out = append(out, i)
		}
	}
	return out
}
