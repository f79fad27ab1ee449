package retryreget

import (
	"go/ast"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
)

// graded appends to msg the grade of a retry that can never succeed: its
// change stays unwritten until something redoes it, judged by the fate of
// the retry's last error (the retrying call's) with the one rule of
// Grading.Fated. ok is false when the run's gate leaves that grade out.
func (c *checker) graded(msg string, s *model.RetryScope, obj ast.Expr) (graded string, ok bool) {
	cur, found := s.Cursor.Inspector().Root().FindNode(s.Call)
	if !found {
		return msg, true
	}
	f := c.tracer.Trace(cur)
	if !f.Lost() && f != fate.Surfaced && f != fate.Handled && f != fate.Retried && !f.HandsOn() {
		return msg, true // handed off or unknown: nothing to grade by
	}
	e := c.res.Grading().Fated(cur, c.pass.TypesInfo.TypeOf(obj), f)
	if !c.res.Grading().Admits(e.Grade) {
		return "", false
	}
	return e.Append(msg), true
}
