package retryreget

import (
	"go/ast"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
)

// returnToRetryFix hands a logged or dropped Conflict back to the retry,
// where the closure's body goes on only to `return nil`: an error branch
// that only logs gets `return err` after its logs, and `_ = write` becomes
// `return write`. Any other failure then leaves the retry as the retry's
// error, which the caller of the retry handles as it handles the re-read's.
func (c *checker) returnToRetryFix(w *model.Write) []analysis.SuggestedFix {
	body := syntax.FuncBody(w.Scope.Body)
	stmt, _ := w.Cursor.Parent().Node().(ast.Stmt)
	if ifs, ok := w.Cursor.Parent().Parent().Node().(*ast.IfStmt); ok && ifs.Init == stmt {
		stmt = ifs
	}
	i := slices.Index(body.List, stmt)
	if i < 0 || i != len(body.List)-2 || !returnsNil(body.List[i+1]) {
		return nil
	}
	var edits []analysis.TextEdit
	switch s := stmt.(type) {
	case *ast.IfStmt:
		errVar, logs := c.loggedBranch(s)
		if errVar == "" {
			return nil
		}
		indent, ok := fixes.LineIndent(c.pass, logs[len(logs)-1].Pos())
		at, ok2 := fixes.LineEnd(c.pass, logs[len(logs)-1].End())
		if !ok || !ok2 {
			return nil
		}
		edits = []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n" + indent + "return " + errVar)}}
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || !isBlank(s.Lhs[0]) || s.Rhs[0] != ast.Expr(w.Call) {
			return nil
		}
		lineEnd, ok := fixes.LineEnd(c.pass, s.End())
		if !ok {
			return nil
		}
		edits = []analysis.TextEdit{
			{Pos: s.Pos(), End: w.Call.Pos(), NewText: []byte("return ")},
			{Pos: lineEnd, End: body.List[i+1].End()}, // the `return nil` that followed
		}
	default:
		return nil
	}
	return []analysis.SuggestedFix{{Message: "return the write's error to the retry", TextEdits: edits}}
}

// loggedBranch returns the error variable of `if err := write; err != nil
// { logs }` and the logs, when the branch only logs and has no else.
func (c *checker) loggedBranch(s *ast.IfStmt) (string, []ast.Stmt) {
	as, ok := s.Init.(*ast.AssignStmt)
	x, neq, ok2 := truth.NilTest(s.Cond)
	if !ok || !ok2 || !neq || s.Else != nil || len(s.Body.List) == 0 || len(as.Lhs) == 0 {
		return "", nil
	}
	errID, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if id, isID := ast.Unparen(x).(*ast.Ident); !ok || !isID || id.Name != errID.Name {
		return "", nil
	}
	for _, st := range s.Body.List {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return "", nil
		}
		if call, ok := es.X.(*ast.CallExpr); !ok || !fate.IsLogCall(c.pass.TypesInfo, call) {
			return "", nil
		}
	}
	return errID.Name, s.Body.List
}

// returnsNil reports whether s is `return nil`.
func returnsNil(s ast.Stmt) bool {
	r, ok := s.(*ast.ReturnStmt)
	return ok && len(r.Results) == 1 && truth.IsNil(r.Results[0])
}

// isBlank reports whether e is the blank identifier.
func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}
