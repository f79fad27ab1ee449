package retryreget

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// A typed or dynamic client's write returns, with its error, an empty
// object (or nil), not the object sent. A retry closure that stores the
// result in the object it writes (`obj, err = c.Update(ctx, obj, ...)`),
// where obj outlives the attempt, loses the object when the write fails:
// the next attempt re-reads it by its own, now empty, name and namespace,
// the read fails with something other than a Conflict, and the retry ends.

// checkWiped reports w when it is such a write and the scope re-reads the
// object by the object's own fields.
func (c *checker) checkWiped(w *model.Write) {
	if w.Results != 2 || !w.Object.Valid() || w.Object.Path != w.Object.Root.Name() {
		return
	}
	as, ok := w.Cursor.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || c.pass.TypesInfo.ObjectOf(id) != w.Object.Root {
		return
	}
	body := syntax.FuncBody(w.Scope.Body)
	if body == nil || syntax.Encloses(body, w.Object.Root.Pos()) {
		return // declared by the attempt: every attempt starts afresh
	}
	read := c.readKeyedBySelf(w)
	if read == nil {
		return
	}
	name := w.Object.Root.Name()
	msg, ok := c.graded(fmt.Sprintf("%s is replaced by the result of %s, empty (or nil) after a failure, so the next attempt of %s re-reads it by an empty name and the retry ends: keep the result in another variable",
		name, diag.CallName(w.Call), retryName(w.Scope)), w.Scope, w.Object.Expr)
	if !ok {
		return
	}
	related := []diag.Related{
		{Node: read, Message: "the re-read keyed by " + name + " itself"},
		{Node: w.Scope.Call, Message: "the retry: " + retryName(w.Scope)},
	}
	var fixes []analysis.SuggestedFix
	if fix, ok := c.fix.keepResultApartFix(w, as); ok {
		fixes = append(fixes, fix)
	}
	diag.Report(c.pass, w.Call, msg, related, fixes...)
}

// readKeyedBySelf returns a read of w's object in w's scope whose call uses
// the object itself (vp.Name, vp.Namespace) to say what to read.
func (c *checker) readKeyedBySelf(w *model.Write) ast.Node {
	for _, rd := range c.res.ReadsOf(w.Object, w.Scope.Body) {
		if c.assignedFromWrite(rd.Node) {
			continue
		}
		call := readCall(rd.Node)
		if call != nil && !c.isMethodOf(call, w.Object.Root) && fixes.Mentions(c.pass.TypesInfo, call, w.Object.Root) {
			return call
		}
	}
	return nil
}

// isMethodOf reports whether call is a method of v itself (v.DeepCopy()):
// a copy, not a read keyed by v.
func (c *checker) isMethodOf(call *ast.CallExpr, v *types.Var) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == v
}

// readCall returns the call a read makes: the node itself, or the value
// of `obj, err = c.Get(...)`.
func readCall(n ast.Node) *ast.CallExpr {
	switch n := n.(type) {
	case *ast.CallExpr:
		return n
	case *ast.AssignStmt:
		if len(n.Rhs) == 1 {
			call, _ := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			return call
		}
	}
	return nil
}
