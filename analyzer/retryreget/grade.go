package retryreget

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
)

// graded appends to msg the grade of a retry that can never succeed: its
// change stays unwritten until something redoes it, judged by the fate of
// the retry's last error (the retrying call's). Requeued or retried where
// it ends, or returned by a Reconcile, a loop that reads the object again
// redoes it: `redone when requeued`, the mildest grade. Failing a test or
// ending the program, it is `reported`. Dropped or logged, it is graded by
// what redoes the write, as unretriedupdate grades. ok is
// false when the run's gate leaves that grade out.
//
// An error handed to a caller of any other function gets no grade: the
// caller may requeue it, or may be a command that exits with it (`reported`),
// which the package cannot tell; a grade milder than the truth would hide
// the finding from a gate.
func (c *checker) graded(msg string, s *model.RetryScope, obj ast.Expr) (graded string, ok bool) {
	cur, found := s.Cursor.Inspector().Root().FindNode(s.Call)
	if !found {
		return msg, true
	}
	f := c.tracer.Trace(cur)
	var e consequence.Evidence
	switch {
	case f == fate.Handled || f == fate.Retried || f.HandsOn() && c.inReconcile(cur):
		e = consequence.Evidence{Grade: consequence.Requeued}
	case f.Lost() || f == fate.Surfaced: // a failed test or an exit is reported
		e = c.res.Grading().Consequence(cur, c.pass.TypesInfo.TypeOf(obj), f)
	default:
		return msg, true
	}
	if !c.res.Grading().Admits(e.Grade) {
		return "", false
	}
	return e.Append(msg), true
}

// inReconcile reports whether the function declared around cur returns a
// controller-runtime reconcile.Result.
func (c *checker) inReconcile(cur inspector.Cursor) bool {
	fd, ok := syntax.EnclosingFuncNode(cur).(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	return fn != nil && fate.ReturnsReconcileResult(fn.Signature())
}
