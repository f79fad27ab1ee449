package retryreget

import (
	"go/ast"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
)

// graded appends to msg the grade of a retry that can never succeed, as
// staleupdate grades a stale write: its change stays unwritten until
// something redoes it, judged by the fate of the retry's last error (the
// retrying call's). Handed on, requeued or retried, a loop that reads the
// object again redoes it: requeued, the mildest grade; dropped, by what
// redoes the write, as unretriedupdate grades. ok is false when the run's
// gate leaves that grade out. A fate the model cannot follow adds nothing.
func (c *checker) graded(msg string, s *model.RetryScope, obj ast.Expr) (graded string, ok bool) {
	cur, found := s.Cursor.Inspector().Root().FindNode(s.Call)
	if !found {
		return msg, true
	}
	f := c.tracer.Trace(cur)
	var e consequence.Evidence
	switch {
	case f == fate.Unknown:
		return msg, true
	case f.HandsOn() || f == fate.Handled || f == fate.Retried:
		e = consequence.Evidence{Grade: consequence.Requeued}
	default:
		e = c.res.Grading().Consequence(cur, c.pass.TypesInfo.TypeOf(obj), f)
	}
	if !c.res.Grading().Admits(e.Grade) {
		return "", false
	}
	return e.Append(msg), true
}
