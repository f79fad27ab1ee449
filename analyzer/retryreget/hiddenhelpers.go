package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// checkHiddenInHelpers reports a Conflict hidden inside a helper that a
// retry closure calls and returns the error of: whatever the closure does
// with that error, the API status is gone once the helper rewrapped it, so
// the retry never sees a Conflict. Helpers called through an interface
// whose implementations in the package all write count too (the model's
// returners).
func (c *checker) checkHiddenInHelpers() {
	reported := make(map[token.Pos]bool)
	for _, rc := range c.res.ReturnerCalls() {
		cur := c.res.CursorOf(rc)
		s := c.res.ScopeOf(cur)
		if s == nil || syntax.EnclosingFuncNode(cur) != s.Body || !returnsOnlyError(c.pass.TypesInfo, syntax.FuncType(s.Body)) {
			continue
		}
		inner := c.res.Returners()[rc.Callee].Inner
		if inner == nil || inner.Scope != nil || !c.returnsAsIs(cur, s) {
			continue
		}
		fnCur := syntax.EnclosingFunc(inner.Cursor)
		if !fnCur.Valid() {
			continue
		}
		for _, carrier := range c.errorCarriers(inner, fnCur, fnCur.Node()) {
			h, ok := c.hiddenAt(carrier)
			if !ok || reported[h.call.Pos()] {
				continue
			}
			reported[h.call.Pos()] = true
			c.reportHiddenInHelper(inner, h, s, rc.Call)
		}
	}
}

// returnsAsIs reports whether the closure s returns the error of the call
// at cur unchanged: `return h(...)`, or `err := h(...)` with err returned.
func (c *checker) returnsAsIs(cur inspector.Cursor, s *model.RetryScope) bool {
	if isReturned(cur) {
		return true
	}
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return false
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	body := syntax.FuncBody(s.Body)
	if !ok || body == nil {
		return false
	}
	uses := c.tracer.ReachingUses(body, as, v)
	for use := range s.Cursor.Preorder((*ast.Ident)(nil)) {
		if uses[use.Node().(*ast.Ident)] && syntax.EnclosingFuncNode(use) == s.Body && isReturned(use) {
			return true
		}
	}
	return false
}

func (c *checker) reportHiddenInHelper(w *model.Write, h hiding, s *model.RetryScope, call *ast.CallExpr) {
	helper := "the helper"
	if fd, ok := syntax.EnclosingFuncNode(w.Cursor).(*ast.FuncDecl); ok {
		helper = fd.Name.Name
	}
	msg := fmt.Sprintf("conflict from %s is %s in %s, whose error %s returns, so %s never retries it: %s",
		diag.CallName(w.Call), h.how, helper, closureName(s), retryName(s), remedy(h))
	related := []diag.Related{
		{Node: call, Message: "the retry closure returns this call's error: " + diag.CallName(call)},
		{Node: s.Call, Message: "the retry: " + retryName(s)},
	}
	var fixes []analysis.SuggestedFix
	if h.fix != nil {
		fixes = append(fixes, *h.fix)
	}
	diag.Report(c.pass, h.call, msg, related, fixes...)
}

// closureName names the function a retry runs, for messages.
func closureName(s *model.RetryScope) string {
	if fd, ok := s.Body.(*ast.FuncDecl); ok {
		return fd.Name.Name
	}
	return "the retry closure"
}
