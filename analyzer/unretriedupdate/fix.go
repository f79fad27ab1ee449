package unretriedupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube"
)

const (
	reconcileResults = 1 // controller-runtime writes return only an error
)

// wrapFix wraps a controller-runtime write, and the plain mutations of its
// object made since the object's last read in the same block, in
// retry.RetryOnConflict with a re-read at the top of the closure:
//
//	if err := c.Get(ctx, key, &cm); err != nil { ... }   // stays
//	cm.Data["k"] = v                                      // moves inside
//	if err := c.Update(ctx, &cm); err != nil { ... }      // wrapped in place
//
// The first attempt does what the code did (plus one Get); a Conflict now
// re-reads and reapplies the change. The write's result is still an error,
// so whatever the statement did with it stays as it was. When the shape is
// anything else, the finding has no fix.
func (c *checker) wrapFix(w *kube.Write) (analysis.SuggestedFix, bool) {
	if w.Object.Copied {
		return analysis.SuggestedFix{}, false // a copy: nothing to Get into
	}
	if (w.Kind != kube.WriteUpdate && w.Kind != kube.WriteSubResourceUpdate) || w.Results != reconcileResults ||
		!w.Object.Valid() || w.Object.Path != w.Object.Root.Name() || !syntax.Encloses(w.Func, w.Object.Root.Pos()) {
		return analysis.SuggestedFix{}, false
	}
	stmt, list, idx, ok := statementOf(w.Cursor)
	if !ok || fixes.UsesName(w.Call, "err") {
		return analysis.SuggestedFix{}, false
	}
	moves, ok := c.mutationsSinceRead(w, list[:idx])
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	reRead, edits, ok := kube.ControllerRuntimeReRead(c.pass, w, stmt.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	retryName, imp, ok := fixes.ImportName(c.pass, stmt.Pos(), kube.RetryPath, "retry")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, imp...)
	body := reRead
	for _, m := range moves {
		lines, del, ok := fixes.StatementLines(c.pass, m)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		body = append(body, lines...)
		edits = append(edits, del)
	}
	body = append(body, "return "+fixes.Source(c.pass, w.Call))
	indent, ok := fixes.LineIndent(c.pass, stmt.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s.RetryOnConflict(%s.DefaultRetry, func() error {", retryName, retryName)
	for _, l := range body {
		b.WriteString("\n" + indent + "\t" + l)
	}
	b.WriteString("\n" + indent + "})")
	edits = append(edits, analysis.TextEdit{Pos: w.Call.Pos(), End: w.Call.End(), NewText: []byte(b.String())})
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Retry the write of %s with retry.RetryOnConflict, re-reading it first", w.Object.Name()),
		TextEdits: edits,
	}, true
}

// statementOf returns the statement that makes the write, when the write
// is the whole expression, the right side of a single assignment, or the
// init of an if, and that statement sits in a statement list.
func statementOf(call inspector.Cursor) (ast.Stmt, []ast.Stmt, int, bool) {
	cur := call.Parent()
	switch n := cur.Node().(type) {
	case *ast.ExprStmt:
	case *ast.AssignStmt:
		if len(n.Rhs) != 1 || len(n.Lhs) != 1 {
			return nil, nil, 0, false
		}
		if ifs, ok := cur.Parent().Node().(*ast.IfStmt); ok && ifs.Init == n {
			cur = cur.Parent()
		}
	default:
		return nil, nil, 0, false
	}
	at, list, i, ok := fixes.EnclosingStmt(cur)
	if !ok || at != cur {
		return nil, nil, 0, false
	}
	return cur.Node().(ast.Stmt), list, i, true
}

// mutationsSinceRead walks back over before (the statements preceding the
// write in its block) to the last read of the object and returns the
// statements in between, which must all be plain mutations of the object.
func (c *checker) mutationsSinceRead(w *kube.Write, before []ast.Stmt) ([]ast.Stmt, bool) {
	for i := len(before) - 1; i >= 0; i-- {
		s := before[i]
		if c.readsObject(s, w.Object) {
			return before[i+1:], true
		}
		if !c.plainMutation(s, w.Object.Root) {
			return nil, false
		}
	}
	return nil, false // no read in the block: changes made elsewhere would be wiped
}

// readsObject reports whether s is an unconditional read of obj: a Get
// into it as a statement, an assignment, or the init of an if.
func (c *checker) readsObject(s ast.Stmt, obj kube.Object) bool {
	var call ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		call = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			call = s.Rhs[0]
		}
	case *ast.IfStmt:
		if as, ok := s.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			call = as.Rhs[0]
		}
	}
	ce, ok := ast.Unparen(call).(*ast.CallExpr)
	if !ok {
		return false
	}
	rd := c.res.ReadAt(ce)
	return rd != nil && rd.Object.Same(obj)
}

// plainMutation reports whether s only changes fields of v, with operands
// that call nothing: an assignment or ++/-- to a field, delete from one of
// its maps, a Set method on it, or the well-known helpers that set a
// label, an annotation, a finalizer or a status condition on it.
func (c *checker) plainMutation(s ast.Stmt, v *types.Var) bool {
	info := c.pass.TypesInfo
	switch s := s.(type) {
	case *ast.AssignStmt:
		return fixes.Assigns(info, s, func(lhs ast.Expr) bool {
			return fieldOf(info, lhs, v) && fixes.SideEffectFree(info, lhs)
		})
	case *ast.IncDecStmt:
		return fieldOf(info, s.X, v) && fixes.SideEffectFree(info, s.X)
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		return ok && c.mutatingCall(call, v)
	}
	return false
}

// mutatingCall reports whether call changes v in place and nothing else.
func (c *checker) mutatingCall(call *ast.CallExpr, v *types.Var) bool {
	info := c.pass.TypesInfo
	for _, a := range call.Args {
		if !fixes.SideEffectFree(info, a) {
			return false
		}
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "delete" {
		_, builtin := info.Uses[id].(*types.Builtin)
		return builtin && len(call.Args) == 2 && fieldOf(info, call.Args[0], v)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		return strings.HasPrefix(sel.Sel.Name, "Set") && rootIs(info, sel.X, v) // cm.SetLabels(m)
	}
	fn, ok := fixes.Callee(info, call)
	if !ok || fn.Pkg() == nil || len(call.Args) == 0 || !rootIs(info, call.Args[0], v) {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case kube.ControllerUtilPath + ".AddFinalizer", kube.ControllerUtilPath + ".RemoveFinalizer",
		kube.MetaV1Path + ".SetMetaDataLabel", kube.MetaV1Path + ".SetMetaDataAnnotation",
		kube.APIMetaPath + ".SetStatusCondition", kube.APIMetaPath + ".RemoveStatusCondition":
		return true
	}
	return false
}

// fieldOf reports whether e is a field (or element of a field) of v, not
// v itself.
func fieldOf(info *types.Info, e ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return rootIs(info, e.X, v)
	case *ast.IndexExpr:
		return fieldOf(info, e.X, v)
	case *ast.StarExpr:
		return fieldOf(info, e.X, v)
	}
	return false
}

// rootIs reports whether e is v, &v, or a selection chain rooted at v.
func rootIs(info *types.Info, e ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.Uses[e] == v
	case *ast.UnaryExpr:
		return e.Op == token.AND && rootIs(info, e.X, v)
	case *ast.SelectorExpr:
		return rootIs(info, e.X, v)
	case *ast.IndexExpr:
		return rootIs(info, e.X, v)
	case *ast.StarExpr:
		return rootIs(info, e.X, v)
	}
	return false
}
