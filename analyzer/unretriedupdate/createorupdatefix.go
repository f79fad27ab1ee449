package unretriedupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// createOrUpdateWrapFix wraps a CreateOrUpdate whose Conflict is lost in
// retry.RetryOnConflict. CreateOrUpdate reads the object and runs the
// mutate function on what it read each time it is called, so the retry
// needs no re-read of its own:
//
//	op, err := controllerutil.CreateOrUpdate(ctx, c, cm, mutate)
//
// becomes
//
//	var op controllerutil.OperationResult
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		var err error
//		op, err = controllerutil.CreateOrUpdate(ctx, c, cm, mutate)
//		return err
//	})
//
// The statement keeps its error handling, now of the retry's error.
func (c *checker) createOrUpdateWrapFix(w *model.Write) (analysis.SuggestedFix, bool) {
	if w.Kind != upstream.WriteCreateOrUpdate {
		return analysis.SuggestedFix{}, false
	}
	as, ok := w.Cursor.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(w.Call) {
		return analysis.SuggestedFix{}, false
	}
	stmtStart := as.Pos()
	ifs, inIfInit := w.Cursor.Parent().Parent().Node().(*ast.IfStmt)
	if inIfInit {
		stmtStart = ifs.Pos()
	}
	opID, ok1 := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	if !ok1 || !ok2 || fixes.UsesName(w.Call, "err") {
		return analysis.SuggestedFix{}, false
	}
	retryName, edits, ok := fixes.ImportName(c.pass, as.Pos(), upstream.RetryPath, "retry")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	indent, ok := fixes.LineIndent(c.pass, stmtStart)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	call := strings.ReplaceAll(fixes.Source(c.pass, w.Call), "\n", "\n\t")
	var body []string
	var lhs, decl string
	errTok := as.Tok.String()
	switch {
	case opID.Name == "_":
		body = []string{"_, err := " + call, "return err"}
	case inIfInit || as.Tok != token.DEFINE && as.Tok != token.ASSIGN:
		return analysis.SuggestedFix{}, false // an op scoped to an if: no place to declare it
	default:
		if as.Tok == token.DEFINE && c.pass.TypesInfo.Defs[opID] != nil {
			pkg, ok := packageQualifier(c.pass.TypesInfo, w.Call)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			decl = fmt.Sprintf("var %s %s.OperationResult\n%s", opID.Name, pkg, indent)
		}
		if as.Tok == token.DEFINE && c.pass.TypesInfo.Defs[errID] == nil {
			errTok = "=" // only op was new
		}
		body = []string{"var err error", opID.Name + ", err = " + call, "return err"}
	}
	if errID.Name == "_" {
		lhs = "_ ="
		if errTok == ":=" {
			return analysis.SuggestedFix{}, false
		}
	} else {
		lhs = errID.Name + " " + errTok
	}
	text := decl + lhs + " " + retryClosure(retryName, indent, body)
	edits = append(edits, analysis.TextEdit{Pos: as.Pos(), End: as.End(), NewText: []byte(text)})
	return analysis.SuggestedFix{
		Message:   "Retry CreateOrUpdate with retry.RetryOnConflict: it re-reads the object on every attempt",
		TextEdits: edits,
	}, true
}

// packageQualifier returns the name by which call's package function is
// called (controllerutil in controllerutil.CreateOrUpdate).
func packageQualifier(info *types.Info, call *ast.CallExpr) (string, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", false
	}
	_, isPkg := info.Uses[id].(*types.PkgName)
	return id.Name, isPkg
}
