package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// keptNames are the names the fix may give the write's result.
var keptNames = []string{"updated", "stored"}

// keepResultApartFix keeps the result of a write that replaced the object
// it re-reads by name in a variable of its own, and takes it only when the
// write succeeded:
//
//	cm, err = c.CoreV1().ConfigMaps(ns).Update(ctx, cm, opts)
//
// becomes
//
//	updated, err := c.CoreV1().ConfigMaps(ns).Update(ctx, cm, opts)
//	if err == nil {
//		cm = updated
//	}
//
// A success does what it did; a failure leaves the object as it was sent,
// where it left the empty object the client returns. That difference is
// the fix, and nothing else may see it: the closure must not use the object
// after the write, and the function that makes the retry call must not use
// it after that call (where a last failed attempt would differ), nor in
// another function literal. err must be declared in the statement's own
// block, so that := assigns it instead of declaring a second one.
func (fx *fixer) keepResultApartFix(w *model.Write, as *ast.AssignStmt) (analysis.SuggestedFix, bool) {
	info := fx.pass.TypesInfo
	root := w.Object.Root
	lit, ok := w.Scope.Body.(*ast.FuncLit)
	if !ok || as.Tok != token.ASSIGN || root.Parent() == fx.pass.Pkg.Scope() {
		return analysis.SuggestedFix{}, false
	}
	errID, ok := as.Lhs[1].(*ast.Ident)
	if !ok || errID.Name == "_" {
		return analysis.SuggestedFix{}, false
	}
	errVar := info.ObjectOf(errID)
	if errVar == nil || fx.pass.Pkg.Scope().Innermost(as.Pos()) != errVar.Parent() {
		return analysis.SuggestedFix{}, false
	}
	if _, _, _, ok := fixes.EnclosingStmt(w.Cursor.Parent()); !ok {
		return analysis.SuggestedFix{}, false
	}
	for enc := range w.Cursor.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil)) {
		if enc.Node() != lit {
			return analysis.SuggestedFix{}, false // a loop in the closure: its next turn would see the object
		}
		break
	}
	// No later use of the object, in the closure or after the retry.
	outer := syntax.EnclosingFuncNode(w.Scope.Cursor.Parent())
	if outer == nil || usedAfter(fx.pass.TypesInfo, lit.Body, root, as.End()) || usedAfter(fx.pass.TypesInfo, syntax.FuncBody(outer), root, w.Scope.Call.End()) {
		return analysis.SuggestedFix{}, false
	}
	capturedElsewhere := false
	ast.Inspect(syntax.FuncBody(outer), func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok && fl != lit && fixes.Mentions(info, fl, root) {
			capturedElsewhere = true
		}
		return !capturedElsewhere
	})
	if capturedElsewhere {
		return analysis.SuggestedFix{}, false
	}
	kept := ""
	for _, name := range keptNames {
		if !fixes.UsesName(syntax.FuncBody(outer), name) {
			kept = name
			break
		}
	}
	indent, alone := fixes.LineIndent(fx.pass, as.Pos())
	end, ok := fixes.LineEnd(fx.pass, as.End())
	if kept == "" || !alone || !ok {
		return analysis.SuggestedFix{}, false
	}
	name := root.Name()
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Keep the result of the write apart, and take it into %s only when the write succeeds", name),
		TextEdits: []analysis.TextEdit{
			{Pos: as.Lhs[0].Pos(), End: as.Lhs[0].End(), NewText: []byte(kept)},
			{Pos: as.TokPos, End: as.TokPos + token.Pos(len(as.Tok.String())), NewText: []byte(":=")},
			{Pos: end, End: end, NewText: fmt.Appendf(nil, "\n%sif %s == nil {\n%s\t%s = %s\n%s}", indent, errID.Name, indent, name, kept, indent)},
		},
	}, true
}

// usedAfter reports whether v is used in body after pos.
func usedAfter(info *types.Info, body ast.Node, v *types.Var, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Pos() > pos && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
