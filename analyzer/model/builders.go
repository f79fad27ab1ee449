package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
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

// freshResultAt reports whether call's result i is a new object (or slice
// of objects) built without a resourceVersion: its callee builds it fresh
// on every return (see buildsFreshAt).
func (j *versionJudge) freshResultAt(call *ast.CallExpr, i int) bool {
	fn := upstream.Callee(j.info, call)
	return fn != nil && j.buildsFreshAt(fn, i)
}

// buildsFresh tells, per result of fn (declared by decl), whether every
// return builds it without a resourceVersion (a fixture, a desired-state
// builder, a slice of those), or nil when none does: the results of an
// object type, or a slice of one, that every return builds fresh, in a
// body that never mentions ResourceVersion. Another object result may be
// anything (`return chi, cm`: the caller's object and a new ConfigMap).
func (j *versionJudge) buildsFresh(fn *types.Func, decl *ast.FuncDecl) []bool {
	rs := j.objectResults(fn)
	if len(rs) == 0 || setsResourceVersion(decl.Body) {
		return nil
	}
	var fresh []bool
	for _, r := range rs {
		if j.everyReturnFresh(decl, r) {
			if fresh == nil {
				fresh = make([]bool, fn.Signature().Results().Len())
			}
			fresh[r] = true
		}
	}
	return fresh
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
			return ok && j.freshResultAt(call, r)
		}
		return false
	})
}

// objectResults returns the indices of fn's results whose type is a
// Kubernetes object or a slice of them.
func (j *versionJudge) objectResults(fn *types.Func) []int {
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
