package listermutation

import (
	"go/ast"
	"go/token"
	"go/types"
)

// ifNil follows `if v == nil { ... }` without an else branch, the
// create-if-missing shape:
//
//	launcher, err := c.getLauncherJob(job) // the lister's Job, or nil
//	if launcher == nil {
//		launcher, err = c.client.BatchV1().Jobs(ns).Create(ctx, newJob(job), metav1.CreateOptions{})
//	}
//	launcher.Spec.Suspend = &suspend // the lister's Job on the other path
//
// The text puts the body's assignment last, but the path that skips the
// body is the one where v is not nil, so v still holds what it held
// before the if: when that belongs to the cache, it does after the if too.
// Other branches still go by the text: their condition may mean that v
// is nil where the body is skipped (`if v != nil { v = v.DeepCopy() }`).
// ifNil reports whether it walked ifs itself.
func (t *tracker) ifNil(ifs *ast.IfStmt) bool {
	if ifs.Else != nil {
		return false
	}
	vars := t.nilTested(ifs.Cond, nil)
	if len(vars) == 0 {
		return false
	}
	if ifs.Init != nil {
		t.walk(ifs.Init)
	}
	t.walk(ifs.Cond)
	before := make([]val, len(vars))
	for i, v := range vars {
		before[i] = t.lookup(v, ifs.Body.Pos())
	}
	t.walk(ifs.Body)
	for i, v := range vars {
		if before[i].lvl != none {
			t.set(v, ifs.End(), before[i])
		}
	}
	return true
}

// nilTested returns the variables that cond tests for nil in a way that
// makes each of them non-nil when cond is false: `v == nil`, `nil == v`,
// and any of them joined by ||.
func (t *tracker) nilTested(cond ast.Expr, vars []*types.Var) []*types.Var {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return vars
	}
	switch b.Op {
	case token.LOR:
		return t.nilTested(b.Y, t.nilTested(b.X, vars))
	case token.EQL:
		x, y := b.X, b.Y
		if t.isNil(x) {
			x, y = y, x
		}
		if !t.isNil(y) {
			return vars
		}
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v := t.varOf(id); v != nil {
				return append(vars, v)
			}
		}
	}
	return vars
}

// isNil reports whether e is the predeclared nil.
func (t *tracker) isNil(e ast.Expr) bool {
	tv, ok := t.info.Types[e]
	return ok && tv.IsNil()
}
