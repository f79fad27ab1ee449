package staleupdate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// errTest judges the conditions a path meets after the first write: what
// each branch implies about how the write ended. Its error is errVar (nil
// when no longer known) or the call itself.
type errTest struct {
	c      *checker
	errVar *types.Var
	call   *ast.CallExpr
}

// isErr reports whether e is the first write's error.
func (et errTest) isErr(e ast.Expr) bool {
	e = ast.Unparen(e)
	if e == ast.Expr(et.call) {
		return true
	}
	id, ok := e.(*ast.Ident)
	return ok && et.errVar != nil && et.c.pass.TypesInfo.Uses[id] == et.errVar
}

// isFailure reports whether e is the error or its message (err.Error()),
// for the Conflict evaluator of the fate package.
func (et errTest) isFailure(e ast.Expr) bool {
	if et.isErr(e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Error" && et.isErr(sel.X)
}

// mentions reports whether e uses the error.
func (et errTest) mentions(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && et.isErr(x) {
			found = true
		}
		return !found
	})
	return found
}

// undecided reports whether cond holds a test of the error that neither
// this walk nor the Conflict evaluator can decide: a Conflict may take
// either branch, so no path through it proves a stale write.
func (et errTest) undecided(cond ast.Expr) bool {
	found := false
	truth.Leaves(et.c.pass.TypesInfo, cond, func(l truth.Leaf) {
		if !found && et.mentions(l.Expr) {
			t, f := et.leaf(l)
			found = t == unknown && f == unknown
		}
	})
	return found || et.testsErrorList(cond)
}

// testsErrorList reports whether cond measures a list of errors
// (`len(errs) > 0`): the failure may have been appended to it, and the
// walk does not follow what a list holds.
func (et errTest) testsErrorList(cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || len(call.Args) != 1 || upstream.CalledBuiltin(et.c.pass.TypesInfo, call) != "len" {
			return !found
		}
		found = upstream.IsErrorSlice(et.c.pass.TypesInfo.TypeOf(call.Args[0]))
		return !found
	})
	return found
}

// eval tells what the truth of cond implies about the first write. cond is
// evaluated once for each way the write can have ended (truth.Eval, with
// the leaves judged in that ending), and each branch keeps the endings in
// which it can be taken.
func (et errTest) eval(cond ast.Expr) (onTrue, onFalse outcome) {
	leaves := make(map[ast.Expr][2]outcome) // each leaf is judged once
	var canTrue, canFalse ending
	for _, end := range endings {
		v := truth.Eval(et.c.pass.TypesInfo, cond, func(l truth.Leaf) truth.Value {
			implied, ok := leaves[l.Expr]
			if !ok {
				implied[0], implied[1] = et.leaf(l)
				leaves[l.Expr] = implied
			}
			return end.value(implied[0], implied[1])
		})
		if v.Takes(true) {
			canTrue |= end
		}
		if v.Takes(false) {
			canFalse |= end
		}
	}
	return canTrue.outcome(), canFalse.outcome()
}

// leaf tells what the truth of a leaf of a condition implies about the
// first write: a nil test of the error, an error predicate, or a test the
// Conflict evaluator decides.
func (et errTest) leaf(l truth.Leaf) (onTrue, onFalse outcome) {
	switch e := l.Expr.(type) {
	case *ast.BinaryExpr:
		if l.NonNil != nil {
			if t, f, ok := et.nilTest(l.NonNil); ok {
				return t, f
			}
		}
	case *ast.CallExpr:
		if t, f, ok := et.predicate(e); ok {
			return t, f
		}
	}
	return et.onConflict(l.Expr)
}

// nilTest decides x != nil for the error and for an error filter
// (client.IgnoreNotFound(err) != nil).
func (et errTest) nilTest(x ast.Expr) (onTrue, onFalse outcome, ok bool) {
	switch {
	case et.isErr(x): // err != nil
		return failed, succeeded, true
	case isErrFilter(et.c.pass.TypesInfo, x, et.isErr): // client.IgnoreNotFound(err) != nil
		return failed, unknown, true
	}
	return unknown, unknown, false
}

// predicate decides apierrors.IsConflict(err) (a Conflict; its false
// branch is a success or another failure), errors.As (a *StatusError
// target holds a Conflict too), and the other apierrors predicates (another
// failure).
func (et errTest) predicate(e *ast.CallExpr) (onTrue, onFalse outcome, ok bool) {
	fn := upstream.Callee(et.c.pass.TypesInfo, e)
	if fn == nil || fn.Pkg() == nil || len(e.Args) == 0 || !et.isErr(e.Args[0]) {
		return unknown, unknown, false
	}
	switch {
	case fate.IsConflictCheck(fn):
		return failed, notConflict, true
	case upstream.FuncKeyOf(fn) == upstream.FuncKey{Pkg: "errors", Name: "As"}:
		return failed, unknown, true
	case upstream.IsErrorPredicatePkg(syntax.PkgPath(fn.Pkg())):
		return otherFailure, unknown, true
	}
	return unknown, unknown, false
}

// onConflict asks the fate package's evaluator what cond is on a real
// Conflict: a test a Conflict fails (errors.Is against a sentinel, a
// message it cannot carry) holds only for other outcomes; one it passes
// fails only for them.
func (et errTest) onConflict(cond ast.Expr) (onTrue, onFalse outcome) {
	if call, ok := ast.Unparen(cond).(*ast.CallExpr); ok && fate.TestsMessageAgainstNonConflict(et.c.pass.TypesInfo, call, et.isErr) {
		return otherFailure, unknown
	}
	v := et.c.tracer.OnConflict(cond, et.isFailure)
	switch {
	case !v.Known() || !et.mentions(cond):
		return unknown, unknown
	case v == truth.True:
		return unknown, notConflict
	}
	return notConflict, unknown
}

// isErrFilter reports whether x is a call with a single error result whose
// first argument is the error (client.IgnoreNotFound(err)).
func isErrFilter(info *types.Info, x ast.Expr, isErr func(ast.Expr) bool) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || !isErr(call.Args[0]) {
		return false
	}
	fn := upstream.Callee(info, call)
	if fn == nil {
		return false
	}
	res := fn.Signature().Results()
	return res.Len() == 1 && types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type())
}
