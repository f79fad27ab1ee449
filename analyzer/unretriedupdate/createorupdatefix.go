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
			typ, typEdits, ok := c.resultTypeName(as.Pos(), w.Call)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			decl = fmt.Sprintf("var %s %s\n%s", opID.Name, typ, indent)
			edits = append(edits, typEdits...)
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

// resultTypeName returns how the file at pos names the type of call's
// first result (controllerutil.OperationResult), with the import edits
// that naming needs: the package that declares the type, whatever name
// the call was made through (ctrl.CreateOrUpdate is controller-runtime's
// alias of controllerutil's, which ctrl does not re-export the type of).
func (c *checker) resultTypeName(pos token.Pos, call *ast.CallExpr) (string, []analysis.TextEdit, bool) {
	res, ok := c.pass.TypesInfo.TypeOf(call).(*types.Tuple)
	if !ok || res.Len() == 0 {
		return "", nil, false
	}
	named, ok := types.Unalias(res.At(0).Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return "", nil, false
	}
	obj := named.Obj()
	name, edits, ok := fixes.ImportName(c.pass, pos, obj.Pkg().Path(), obj.Pkg().Name())
	return name + "." + obj.Name(), edits, ok
}
