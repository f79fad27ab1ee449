package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Fresh values: an object built in the function (a literal, a fresh
// build, a deep copy of a fresh variable) carries no resourceVersion
// until something gives it one.

// freshExpr reports whether e is a value that carries no resourceVersion:
// nil, a literal that sets none (and copies no metadata), a call of a fresh
// builder, or a variable fn declares from one of these and never gives a
// version (fn nil: not looked for).
func (j *versionJudge) freshExpr(fn ast.Node, e ast.Expr) bool {
	switch e := upstream.StripAddr(e).(type) {
	case *ast.CompositeLit:
		return j.freshLiteral(fn, e)
	case *ast.CallExpr:
		return j.freshResultAt(e, 0) && resultCount(j.info, e) == 1
	case *ast.Ident:
		if j.info.Uses[e] == types.Universe.Lookup("nil") {
			return true
		}
		return fn != nil && j.declaredFromLiteral(fn, e)
	}
	return false
}

// freshLiteral is freshExpr for a composite literal: a struct that sets no
// resourceVersion and whose metadata, if set, is a literal too; a slice,
// array or map whose elements are all fresh.
func (j *versionJudge) freshLiteral(fn ast.Node, lit *ast.CompositeLit) bool {
	if setsResourceVersion(lit) {
		return false
	}
	var elems []ast.Expr
	for _, el := range lit.Elts {
		key, val := ast.Expr(nil), el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			key, val = kv.Key, kv.Value
		}
		if id := syntax.Ident(key); id != nil && id.Name == "ObjectMeta" && !isLiteral(val) {
			return false
		}
		elems = append(elems, val)
	}
	switch typeinfo.UnderOf(j.info, lit).(type) {
	case *types.Slice, *types.Array, *types.Map:
		return j.allFresh(fn, elems)
	case nil:
		return false // not type-checked: its kind is unknown
	}
	return true
}

// allFresh reports whether every element of es is fresh.
func (j *versionJudge) allFresh(fn ast.Node, es []ast.Expr) bool {
	for _, e := range es {
		if !j.freshExpr(fn, e) {
			return false
		}
	}
	return true
}

// declaredFromLiteral reports whether e names a variable that fn declares
// from a composite literal and never gives a resourceVersion.
func (j *versionJudge) declaredFromLiteral(fn ast.Node, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := j.info.Uses[id].(*types.Var)
	return ok && j.refreshingWritesOf(v, fn, nil) == 0 && j.builtWithoutVersion(fn, v)
}

func isLiteral(e ast.Expr) bool {
	_, ok := upstream.StripAddr(e).(*ast.CompositeLit)
	return ok
}

// assignsFreshBuild reports whether as, in fn, gives v a new value that
// carries no resourceVersion: a literal, a fresh build (`objs, errs =
// build(...)`), v with fresh elements appended, or a deep copy of a fresh
// variable of fn.
func (j *versionJudge) assignsFreshBuild(fn ast.Node, as *ast.AssignStmt, v *types.Var) bool {
	info := j.info
	for i, lhs := range as.Lhs {
		if id := syntax.Ident(lhs); id == nil || info.ObjectOf(id) != v {
			continue
		}
		if len(as.Rhs) == 1 && len(as.Lhs) > 1 {
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			return ok && j.freshResultAt(call, i)
		}
		if len(as.Rhs) != len(as.Lhs) {
			return false
		}
		rhs := ast.Unparen(as.Rhs[i])
		if call, ok := rhs.(*ast.CallExpr); ok && isAppendTo(j.info, call, v) {
			return j.allFresh(nil, call.Args[1:])
		}
		return j.freshExpr(nil, rhs) || j.copiesFresh(fn, rhs) || j.handsBack(rhs, v)
	}
	return false
}

// copiesFresh reports whether e is `x.DeepCopy()` of a variable x that fn
// declares fresh and never gives a version: the copy carries none either
// (kruise's e2e `deploymentIn1 := deployment.DeepCopy()`).
func (j *versionJudge) copiesFresh(fn ast.Node, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || fn == nil || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopy" {
		return false
	}
	x, ok := j.info.Uses[syntax.Ident(ast.Unparen(sel.X))].(*types.Var)
	if !ok || j.copying[x] {
		return false // not a variable, or a copy of a copy of itself
	}
	j.copying[x] = true
	defer delete(j.copying, x)
	return j.refreshingWritesOf(x, fn, nil) == 0 && j.builtWithoutVersion(fn, x)
}

// isAppendTo reports whether call is append(v, ...).
func isAppendTo(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	if upstream.CalledBuiltin(info, call) != "append" || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return false
	}
	id := syntax.Ident(ast.Unparen(call.Args[0]))
	return id != nil && info.Uses[id] == v
}
