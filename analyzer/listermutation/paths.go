package listermutation

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
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
	vars := t.nilTested(ifs.Cond)
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

// nilTested returns the variables that cond, when false, shows to be
// non-nil: what truth.Assume learns of nil tests (`v == nil`, `nil == v`,
// any of them joined by ||, `!(v != nil)`), knowing nothing else.
func (t *tracker) nilTested(cond ast.Expr) []*types.Var {
	var vars []*types.Var
	unknown := func(truth.Leaf) truth.Value { return truth.Unknown }
	truth.Assume(t.info, cond, false, unknown, func(l truth.Leaf, nonNil bool) {
		if id, ok := ast.Unparen(l.NonNil).(*ast.Ident); ok && nonNil {
			if v := t.varOf(id); v != nil {
				vars = append(vars, v)
			}
		}
	})
	return vars
}
