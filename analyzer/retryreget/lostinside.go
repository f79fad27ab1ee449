package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
)

// checkLostInClosure reports a write of a retried function whose Conflict
// never reaches the function's return: dropped, only logged, or replaced
// by the error of the re-read the function makes for its next attempt
// (OpenKruise's status updates: `err = r.Get(...)` after the failed
// write, then `return err`). The retry sees nil and stops as if the write
// had landed; the change is given up as done.
func (c *checker) checkLostInClosure(w *model.Write) {
	if !returnsOnlyError(c.pass.TypesInfo, syntax.FuncType(w.Scope.Body)) || syntax.EnclosingFuncNode(w.Cursor) != w.Scope.Body {
		return
	}
	at, msg := ast.Node(w.Call), ""
	var fixes []analysis.SuggestedFix
	switch f := c.tracer.Trace(w.Cursor); f {
	case fate.Dropped, fate.Swallowed:
		as, by := c.replacedBy(w)
		if by == nil {
			msg = fmt.Sprintf("conflict from %s of %s is dropped, so %s never sees it and stops as if the write had landed: return it",
				diag.CallName(w.Call), w.Object.Name(), retryName(w.Scope))
			fixes = c.returnToRetryFix(w)
			break
		}
		if c.overwritten[as] {
			return // reported by checkOverwritten
		}
		at, msg = as, replacedMessage(w, by, c.res.ReadAt(by) != nil)
	case fate.Logged:
		msg = fmt.Sprintf("conflict from %s of %s is only logged, so %s never sees it and stops as if the write had landed: return it",
			diag.CallName(w.Call), w.Object.Name(), retryName(w.Scope))
		fixes = c.returnToRetryFix(w)
	default:
		return
	}
	msg, ok := c.gradedLoss(msg, w)
	if !ok {
		return
	}
	diag.Report(c.pass, at, msg, []diag.Related{
		{Node: w.Call, Message: "the conflict-prone write: " + diag.CallName(w.Call)},
		{Node: w.Scope.Call, Message: "the retry: " + retryName(w.Scope)},
	}, fixes...)
}

// replacedMessage says that w's Conflict is replaced by the error of by, a
// re-read of the object or another call.
func replacedMessage(w *model.Write, by *ast.CallExpr, reread bool) string {
	if reread {
		return fmt.Sprintf("conflict from %s of %s is replaced by the error of %s, so %s stops once the re-read succeeds: keep the re-read's error apart and return the conflict",
			diag.CallName(w.Call), w.Object.Name(), diag.CallName(by), retryName(w.Scope))
	}
	return fmt.Sprintf("conflict from %s of %s is replaced by the error of %s, so %s stops once that call succeeds: keep its error apart and return the conflict",
		diag.CallName(w.Call), w.Object.Name(), diag.CallName(by), retryName(w.Scope))
}

// replacedBy returns the assignment, after w, of a call's error to the
// variable that holds w's error (`err = r.Get(ctx, key, updated)`), and
// the call; nil when there is none.
func (c *checker) replacedBy(w *model.Write) (*ast.AssignStmt, *ast.CallExpr) {
	as, errVar := c.errorVarOf(w)
	if errVar == nil {
		return nil, nil
	}
	var at *ast.AssignStmt
	var by *ast.CallExpr
	ast.Inspect(syntax.FuncBody(w.Scope.Body), func(n ast.Node) bool {
		later, ok := n.(*ast.AssignStmt)
		if by != nil || !ok || later.Pos() < as.End() || later.Tok != token.ASSIGN || len(later.Rhs) != 1 {
			return by == nil
		}
		last, ok := later.Lhs[len(later.Lhs)-1].(*ast.Ident)
		if call, isCall := ast.Unparen(later.Rhs[0]).(*ast.CallExpr); isCall && ok && c.pass.TypesInfo.Uses[last] == errVar {
			at, by = later, call
		}
		return by == nil
	})
	return at, by
}
