package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/repair"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// paramReReadFix fixes a retry closure that writes an object its function
// was handed (a parameter) by re-reading the object after a Conflict,
// before the next attempt:
//
//	deploy.Spec.Paused = true
//	err := r.Update(ctx, deploy)
//	if apierrors.IsConflict(err) {
//		if err := r.Get(ctx, client.ObjectKeyFromObject(deploy), deploy); err != nil {
//			return err
//		}
//	}
//	return err
//
// A re-read at the top would drop the caller's changes even on the first
// attempt; after a Conflict the object cannot be written as it is anyway.
// It is offered only when the closure makes a plain change of its own right
// before the write, which the next attempt makes again, and nothing before
// that, in the function or the closure, changes the object.
func (fx *fixer) paramReReadFix(w *model.Write) (analysis.SuggestedFix, bool) {
	lit, ok := w.Scope.Body.(*ast.FuncLit)
	if !ok || !returnsOnlyError(fx.pass.TypesInfo, lit.Type) || w.Object.Copied || w.Object.Path != w.Object.Root.Name() {
		return analysis.SuggestedFix{}, false
	}
	outer := syntax.EnclosingFuncNode(w.Scope.Cursor.Parent())
	if outer == nil || !repair.IsParamOf(outer, w.Object.Root) {
		return analysis.SuggestedFix{}, false
	}
	list := lit.Body.List
	i := writeStatementIndex(list, w.Call)
	if i < 0 {
		return analysis.SuggestedFix{}, false
	}
	own := i
	for own > 0 && repair.PlainMutation(fx.pass.TypesInfo, list[own-1], w.Object.Root) && !repair.TouchesVersion(list[own-1]) {
		own--
	}
	if own == i || !fixes.BasicReadsBefore(fx.pass, syntax.FuncBody(outer), w.Object.Root, list[own].Pos()) {
		return analysis.SuggestedFix{}, false
	}
	return fx.conflictBranch(w, lit, list, i)
}

// conflictBranch rewrites the write statement list[i] (`return c.Update(...)`,
// or `_, err := c.Update(...)` before `return err`) so that a Conflict
// re-reads the object before the closure returns.
func (fx *fixer) conflictBranch(w *model.Write, lit *ast.FuncLit, list []ast.Stmt, i int) (analysis.SuggestedFix, bool) {
	stmt := list[i]
	reRead, edits, ok := repair.ConflictReRead(fx.pass, w, stmt.Pos(), "err")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	indent, ok := fixes.LineIndent(fx.pass, stmt.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	switch s := stmt.(type) {
	case *ast.ReturnStmt:
		// return c.Update(...)  becomes  err := c.Update(...); <branch>; return err
		if w.Kind != upstream.WriteUpdate && w.Kind != upstream.WriteSubResourceUpdate {
			return analysis.SuggestedFix{}, false
		}
		assign, ok := fx.errAssign(lit, stmt.Pos())
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		lines := append([]string{"err " + assign + " " + fixes.Source(fx.pass, w.Call)}, reRead...)
		lines = append(lines, "return err")
		edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(strings.Join(lines, "\n"+indent))})
	case *ast.AssignStmt:
		// _, err := c.Update(...) stays; the branch goes before return err.
		errID, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident)
		ret, isRet := stmtAt(list, i+1).(*ast.ReturnStmt)
		if !ok || errID.Name != "err" || !isRet || len(ret.Results) != 1 || types.ExprString(ret.Results[0]) != "err" {
			return analysis.SuggestedFix{}, false
		}
		at, ok := fixes.LineEnd(fx.pass, stmt.End())
		if !ok || at >= ret.Pos() {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + indent + strings.Join(reRead, "\n"+indent))})
	default:
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Re-read %s after a conflict, before the next attempt", w.Object.Name()),
		TextEdits: edits,
	}, true
}

// errAssign returns how the rewrite stores the write's error at pos: "="
// into an error variable err the closure already declares there, else ":="
// (which may shadow an outer err, as the closure's own would).
func (fx *fixer) errAssign(lit *ast.FuncLit, pos token.Pos) (string, bool) {
	scope := fx.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", false
	}
	_, o := scope.LookupParent("err", pos)
	if o == nil || !syntax.Encloses(lit, o.Pos()) {
		return ":=", true
	}
	v, ok := o.(*types.Var)
	return "=", ok && types.Identical(v.Type(), types.Universe.Lookup("error").Type())
}

// writeStatementIndex returns the index in list of the statement that is
// `return call` or assigns call's results, or -1.
func writeStatementIndex(list []ast.Stmt, call *ast.CallExpr) int {
	for i, s := range list {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			if len(s.Results) == 1 && ast.Unparen(s.Results[0]) == ast.Expr(call) {
				return i
			}
		case *ast.AssignStmt:
			if len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == ast.Expr(call) {
				return i
			}
		}
	}
	return -1
}

func stmtAt(list []ast.Stmt, i int) ast.Stmt {
	if i < len(list) {
		return list[i]
	}
	return nil
}
