package unretriedupdate

import (
	"fmt"
	"go/ast"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A helper that drops a write's Conflict and returns another error in its
// place (`r.Status().Update(ctx, o); return lrest, err` after a failed
// Get) hands its caller only the news that the path failed. Where that
// other error ends in a requeue, the next pass writes again; where it is
// lost, the Conflict was lost at the drop, not at the caller, whose error
// never was a Conflict. Such losses are reported once, at the drop, graded
// by the caller that loses the most.

// worstPerReplacement keeps, of the helper calls whose chain replaced the
// Conflict at the same call, the one whose loss is graded the worst (the
// first in the file on a tie), and every other site as it is.
func (c *checker) worstPerReplacement(sites []site) []site {
	best := make(map[*ast.CallExpr]int) // replaced call → index in out
	var out []site
	for _, s := range sites {
		if s.replaced == nil {
			out = append(out, s)
			continue
		}
		i, seen := best[s.replaced.Call]
		if !seen {
			best[s.replaced.Call] = len(out)
			out = append(out, s)
			continue
		}
		if c.lossRank(s) < c.lossRank(out[i]) {
			out[i] = s
		}
	}
	return out
}

// lossRank orders sites by how badly their Conflict is lost: the grade,
// worst first; a site whose error is not lost ranks last.
func (c *checker) lossRank(s site) int {
	f := c.tracer.Trace(s.cursor)
	if !f.Lost() || c.res.ScopeOf(s.cursor) != nil {
		return len(consequence.All) + 1
	}
	return int(c.res.Grading().Consequence(s.cursor, s.kind, f).Grade)
}

// checkReplaced reports, at the call whose Conflict the helper's chain
// dropped, that the error returned in its place is lost at s. It offers no
// fix: returning the Conflict instead would reach the same loss.
func (c *checker) checkReplaced(s site) {
	at := s.replaced.Call
	if syntax.InTestCode(c.pass.Fset, c.pass.Files, at.Pos()) {
		return
	}
	f := c.tracer.Trace(s.cursor)
	if !f.Lost() {
		return
	}
	grade := c.res.Grading().Consequence(s.cursor, s.kind, f)
	if !c.res.Grading().Admits(grade.Grade) {
		return
	}
	object := c.replacedObject(at)
	related := []diag.Related{{Node: s.call, Message: "where the error returned instead ends: " + diag.CallName(s.call)}}
	msg := fmt.Sprintf("conflict from %s of %s is dropped for another error, which %s: re-read %s inside retry.RetryOnConflict",
		diag.CallName(at), object, c.fateText(s, f), object)
	diag.Report(c.pass, at, grade.Append(msg), related)
}

// replacedObject names the object of the call whose Conflict was dropped:
// the write's, or the argument a returner writes.
func (c *checker) replacedObject(at *ast.CallExpr) string {
	if w := c.res.WriteAt(at); w != nil {
		return w.Object.Name()
	}
	if fn := upstream.Callee(c.pass.TypesInfo, at); fn != nil {
		if r, ok := c.res.Returners()[fn]; ok {
			return objectArg(at, r.Param)
		}
	}
	return "the object"
}
