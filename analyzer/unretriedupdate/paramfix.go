package unretriedupdate

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/repair"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// paramWrapFix wraps the write of an object the caller handed in, with the
// function's own plain changes to it, in retry.RetryOnConflict that
// re-reads only after a Conflict:
//
//	cm.Labels["k"] = v                          // moves inside
//	if err := c.Update(ctx, cm); err != nil {   // wrapped in place
//
// becomes a closure that makes the change, writes, and on a Conflict Gets
// the object before returning the error, so the next attempt makes the
// change again on the stored object. The first attempt sends what the code
// sent before, the caller's changes included; a re-read at the top would
// drop them even when nothing conflicts. After a Conflict the caller's
// object cannot be written as it is anyway, and the function's change is
// the one it knows how to make again. It is offered only when the function
// makes a change of its own right before the write (else a retry would
// resend the stored object unchanged and report success) and nothing else
// in the function before that changes the object.
func (c *checker) paramWrapFix(w *model.Write) (analysis.SuggestedFix, bool) {
	if !repair.ParamOf(w) {
		return analysis.SuggestedFix{}, false
	}
	typed := w.Kind == upstream.WriteTypedUpdate || w.Kind == upstream.WriteDynamicUpdate
	switch {
	case typed && w.Results == typedResults:
	case (w.Kind == upstream.WriteUpdate || w.Kind == upstream.WriteSubResourceUpdate) && w.Results == reconcileResults:
	default:
		return analysis.SuggestedFix{}, false
	}
	stmt, list, idx, ok := resultStatementOf(w.Cursor)
	if !ok || fixes.UsesName(w.Call, "err") || fixes.UsesName(w.Call, "getErr") {
		return analysis.SuggestedFix{}, false
	}
	dropResult, ok := droppedObjectResult(stmt, w.Call, typed)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	moves := c.ownChanges(w, list[:idx])
	if len(moves) == 0 || !fixes.BasicReadsBefore(c.pass, syntax.FuncBody(w.FuncNode), w.Object.Root, moves[0].Pos()) {
		return analysis.SuggestedFix{}, false
	}
	for _, m := range moves {
		if fixes.UsesName(m, "err") || fixes.UsesName(m, "getErr") || fixes.UsesName(m, "latest") {
			return analysis.SuggestedFix{}, false
		}
	}
	reRead, edits, ok := repair.ConflictReRead(c.pass, w, stmt.Pos(), "err")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	retryName, body, more, ok := c.retryParts(stmt.Pos(), moves)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, more...)
	if typed {
		body = append(body, "_, err := "+fixes.Source(c.pass, w.Call))
	} else {
		body = append(body, "err := "+fixes.Source(c.pass, w.Call))
	}
	body = append(body, reRead...)
	body = append(body, "return err")
	indent, ok := fixes.LineIndent(c.pass, stmt.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, dropResult...)
	edits = append(edits, analysis.TextEdit{Pos: w.Call.Pos(), End: w.Call.End(), NewText: []byte(retryClosure(retryName, indent, body))})
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Retry the write of %s with retry.RetryOnConflict, re-reading it after a conflict", w.Object.Name()),
		TextEdits: edits,
	}, true
}

// ownChanges returns the plain mutations of w's object that directly
// precede the write in its block, in source order.
func (c *checker) ownChanges(w *model.Write, before []ast.Stmt) []ast.Stmt {
	i := len(before)
	for i > 0 && repair.PlainMutation(c.pass.TypesInfo, before[i-1], w.Object.Root) && !repair.TouchesVersion(before[i-1]) {
		i--
	}
	return before[i:]
}
