package unretriedupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube"
)

// returnFix hands a logged or dropped failure to the caller, where the
// function can return it and returning it skips nothing else:
//
//	if err := r.Status().Update(ctx, &app); err != nil {
//		log.Error(err, "status")
//		return ctrl.Result{}, err // added
//	}
//	return ctrl.Result{}, nil
//
// The error branch may only log, and the statement after it must be the
// function's last, a return of zero values and a nil error: the added
// return then gives the same results but the error, which the reconcile
// loop or work queue retries.
func (c *checker) returnFix(call *ast.CallExpr, fn ast.Node) (analysis.SuggestedFix, bool) {
	ifs, next, ok := c.errorBranchOf(call, fn)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	errName := ifs.Init.(*ast.AssignStmt).Lhs[len(ifs.Init.(*ast.AssignStmt).Lhs)-1].(*ast.Ident).Name
	results := make([]string, len(next.Results))
	for i, r := range next.Results {
		results[i] = fixes.Source(c.pass, r)
	}
	results[len(results)-1] = errName
	indent, ok := fixes.LineIndent(c.pass, ifs.Body.List[len(ifs.Body.List)-1].Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	text := "\n" + indent + "return " + strings.Join(results, ", ")
	at := ifs.Body.List[len(ifs.Body.List)-1].End()
	return analysis.SuggestedFix{
		Message:   "Return the error, so that the caller retries",
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}},
	}, true
}

// errorBranchOf finds `if err := call; err != nil { only logging }` whose
// next statement is the last of fn's body and returns zero values with a
// nil error.
func (c *checker) errorBranchOf(call *ast.CallExpr, fn ast.Node) (*ast.IfStmt, *ast.ReturnStmt, bool) {
	body, ft := syntax.FuncBody(fn), syntax.FuncType(fn)
	if body == nil || ft.Results == nil || len(body.List) < 2 {
		return nil, nil, false
	}
	for i, stmt := range body.List[:len(body.List)-1] {
		ifs, ok := stmt.(*ast.IfStmt)
		if !ok || !c.testsErrorOf(ifs, call) {
			continue
		}
		ret, ok := body.List[i+1].(*ast.ReturnStmt)
		if !ok || i+2 != len(body.List) || !c.returnsZeroAndNil(ret, ft) || !c.onlyLogs(ifs.Body) {
			return nil, nil, false
		}
		return ifs, ret, true
	}
	return nil, nil, false
}

// testsErrorOf reports whether ifs is `if err := call; err != nil` with no
// else.
func (c *checker) testsErrorOf(ifs *ast.IfStmt, call *ast.CallExpr) bool {
	as, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || ifs.Else != nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(ifs.Body.List) == 0 {
		return false
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	cond, ok2 := ifs.Cond.(*ast.BinaryExpr)
	if !ok || !ok2 || cond.Op != token.NEQ {
		return false
	}
	x, isIdent := cond.X.(*ast.Ident)
	y, isNil := cond.Y.(*ast.Ident)
	return isIdent && isNil && y.Name == "nil" && c.pass.TypesInfo.ObjectOf(x) == c.pass.TypesInfo.ObjectOf(id)
}

// onlyLogs reports whether every statement of body is a logging call.
func (c *checker) onlyLogs(body *ast.BlockStmt) bool {
	for _, s := range body.List {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok || !kube.IsLogCall(c.pass.TypesInfo, call) {
			return false
		}
	}
	return true
}

// returnsZeroAndNil reports whether ret returns zero values and, last, a
// nil error, for a function whose last result is an error.
func (c *checker) returnsZeroAndNil(ret *ast.ReturnStmt, ft *ast.FuncType) bool {
	n := ft.Results.NumFields()
	if len(ret.Results) != n || n == 0 {
		return false
	}
	last := c.pass.TypesInfo.TypeOf(ret.Results[n-1])
	if !isNilExpr(ret.Results[n-1]) || last == nil {
		return false
	}
	if errType := c.pass.TypesInfo.TypeOf(ft.Results.List[len(ft.Results.List)-1].Type); !types.Identical(errType, types.Universe.Lookup("error").Type()) {
		return false
	}
	for _, r := range ret.Results[:n-1] {
		if !isZeroValue(r) {
			return false
		}
	}
	return true
}

func isNilExpr(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// isZeroValue reports whether e is written as a zero value: nil, false,
// 0, "", or an empty composite literal (ctrl.Result{}).
func isZeroValue(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "nil" || e.Name == "false"
	case *ast.BasicLit:
		return e.Value == "0" || e.Value == `""`
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	}
	return false
}
