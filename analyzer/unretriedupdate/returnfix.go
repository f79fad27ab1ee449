package unretriedupdate

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
)

// returnFix hands a logged, swallowed or dropped failure to the caller of
// a function declaration that returns an error (a Reconcile, a sync
// handler), where returning early skips nothing but logging:
//
//	if err := r.Status().Update(ctx, &app); err != nil {
//		log.Error(err, "status update failed")
//		return ctrl.Result{}, err // added
//	}
//	return ctrl.Result{}, nil
//
// Three shapes qualify. An error branch that only logs, followed in its
// block by nothing but logging and a return of zero values and a nil
// error, gets that return with the error in place of nil. An
// error branch that logs and returns zero values and a nil error itself
// gets the error in place of its nil. A write whose error is dropped
// (`_ = c.Update(...)`), followed by nothing but logging and such a
// return, becomes an error branch that returns it. The logs stay: the
// caller (controller-runtime, a work queue) logs the returned error again,
// a duplicate line that costs less than a lost message, and an edit that
// deletes nothing cannot leave a logger or an import unused. Function
// literals get no fix: whoever runs them (a poll, a handler) decides what
// an error means.
func (c *checker) returnFix(call *ast.CallExpr, cur inspector.Cursor) (analysis.SuggestedFix, bool) {
	fd, ok := enclosingDecl(cur)
	if !ok || fd.Type.Results == nil || !c.lastIsError(fd.Type) {
		return analysis.SuggestedFix{}, false
	}
	stmt, list, idx, ok := resultStatementOf(cur)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	// The rest of the statement's block must end in the function's return,
	// in the function's body or in a nested block: then nothing after the
	// block runs either.
	final := c.finalZeroReturn(list[idx+1:], fd.Type)
	switch s := stmt.(type) {
	case *ast.IfStmt:
		return c.branchFix(s, call, final, fd.Type)
	case *ast.ExprStmt, *ast.AssignStmt:
		if final == nil || !c.dropsResults(s) {
			return analysis.SuggestedFix{}, false
		}
		return c.droppedFix(s, call, final)
	}
	return analysis.SuggestedFix{}, false
}

// resultStatementOf returns the statement that makes the call, when the
// call is the whole expression, the right side of an assignment of its
// results, or the init of an if, and that statement sits in a statement
// list.
func resultStatementOf(call inspector.Cursor) (ast.Stmt, []ast.Stmt, int, bool) {
	cur := call.Parent()
	switch n := cur.Node().(type) {
	case *ast.ExprStmt:
	case *ast.AssignStmt:
		if len(n.Rhs) != 1 {
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

// enclosingDecl returns the function declaration whose own body holds cur,
// not a function literal inside it.
func enclosingDecl(cur inspector.Cursor) (*ast.FuncDecl, bool) {
	for enc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		fd, ok := enc.Node().(*ast.FuncDecl)
		return fd, ok && fd.Body != nil
	}
	return nil, false
}

// branchFix returns the error from `if err := call; err != nil { ... }`.
func (c *checker) branchFix(ifs *ast.IfStmt, call *ast.CallExpr, final *ast.ReturnStmt, ft *ast.FuncType) (analysis.SuggestedFix, bool) {
	errVar, ok := c.testsErrorOf(ifs, call)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	body := ifs.Body.List
	var ret *ast.ReturnStmt // the return whose results the fix copies
	logs := body
	if n := len(body); n > 0 {
		if r, ok := body[n-1].(*ast.ReturnStmt); ok && c.returnsZeroAndNil(r, ft) {
			ret, logs = r, body[:n-1]
		}
	}
	if !c.onlyLogs(logs) {
		return analysis.SuggestedFix{}, false
	}
	switch {
	case ret != nil:
		// The branch returns nil itself: its error becomes the write's.
	case final != nil && len(logs) > 0:
		ret = final
	default:
		return analysis.SuggestedFix{}, false // an empty branch, or one that goes on into more code
	}
	results := c.sources(ret.Results)
	errText := errVar.Name
	results[len(results)-1] = errText
	if ret.Pos() > ifs.Pos() && ret.End() <= ifs.End() {
		last := ret.Results[len(ret.Results)-1]
		return returnFixOf([]analysis.TextEdit{{Pos: last.Pos(), End: last.End(), NewText: []byte(errText)}}), true
	}
	last := logs[len(logs)-1]
	indent, ok := fixes.LineIndent(c.pass, last.Pos())
	at, ok2 := fixes.LineEnd(c.pass, last.End())
	if !ok || !ok2 {
		return analysis.SuggestedFix{}, false
	}
	return returnFixOf([]analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n" + indent + "return " + strings.Join(results, ", "))}}), true
}

// droppedFix turns a statement that drops the write's error into an error
// branch that returns it.
func (c *checker) droppedFix(s ast.Stmt, call *ast.CallExpr, final *ast.ReturnStmt) (analysis.SuggestedFix, bool) {
	tuple, ok := c.pass.TypesInfo.TypeOf(call).(*types.Tuple)
	n := 1
	if ok {
		n = tuple.Len()
	}
	if fixes.UsesName(call, "err") || n < 1 {
		return analysis.SuggestedFix{}, false
	}
	indent, ok := fixes.LineIndent(c.pass, s.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	lhs := strings.Repeat("_, ", n-1) + "err"
	results := c.sources(final.Results)
	results[len(results)-1] = "err"
	text := fmt.Sprintf("if %s := %s; err != nil {\n%s\treturn %s\n%s}", lhs, fixes.Source(c.pass, call), indent, strings.Join(results, ", "), indent)
	return returnFixOf([]analysis.TextEdit{{Pos: s.Pos(), End: s.End(), NewText: []byte(text)}}), true
}

func returnFixOf(edits []analysis.TextEdit) analysis.SuggestedFix {
	return analysis.SuggestedFix{Message: "Return the error, so that the caller retries", TextEdits: edits}
}

// dropsResults reports whether s is the call alone or assigns every result
// to the blank identifier.
func (c *checker) dropsResults(s ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok {
		return true // an expression statement
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return true
}

// finalZeroReturn returns the last of rest when it returns zero values and
// a nil error and everything before it only logs, or nil.
func (c *checker) finalZeroReturn(rest []ast.Stmt, ft *ast.FuncType) *ast.ReturnStmt {
	if len(rest) == 0 {
		return nil
	}
	ret, ok := rest[len(rest)-1].(*ast.ReturnStmt)
	if !ok || !c.returnsZeroAndNil(ret, ft) || !c.onlyLogs(rest[:len(rest)-1]) {
		return nil
	}
	return ret
}

func (c *checker) sources(es []ast.Expr) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = fixes.Source(c.pass, e)
	}
	return out
}

// testsErrorOf returns err of `if err := call; err != nil` with no else.
func (c *checker) testsErrorOf(ifs *ast.IfStmt, call *ast.CallExpr) (*ast.Ident, bool) {
	as, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || ifs.Else != nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil, false
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	cond, ok2 := ifs.Cond.(*ast.BinaryExpr)
	if !ok || !ok2 || cond.Op != token.NEQ {
		return nil, false
	}
	x, isIdent := cond.X.(*ast.Ident)
	if !isIdent || !truth.IsNil(cond.Y) || c.pass.TypesInfo.ObjectOf(x) != c.pass.TypesInfo.ObjectOf(id) {
		return nil, false
	}
	return id, true
}

// onlyLogs reports whether every statement of list is a logging call.
func (c *checker) onlyLogs(list []ast.Stmt) bool {
	for _, s := range list {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok || !fate.IsLogCall(c.pass.TypesInfo, call) {
			return false
		}
	}
	return true
}

// lastIsError reports whether the function's last result is an error.
func (c *checker) lastIsError(ft *ast.FuncType) bool {
	if ft.Results == nil || len(ft.Results.List) == 0 { // func f() ()
		return false
	}
	last := ft.Results.List[len(ft.Results.List)-1]
	return types.Identical(c.pass.TypesInfo.TypeOf(last.Type), types.Universe.Lookup("error").Type())
}

// returnsZeroAndNil reports whether ret returns zero values and, last, a
// nil error, for a function whose last result is an error.
func (c *checker) returnsZeroAndNil(ret *ast.ReturnStmt, ft *ast.FuncType) bool {
	n := ft.Results.NumFields()
	if len(ret.Results) != n || n == 0 || !truth.IsNil(ret.Results[n-1]) || !c.lastIsError(ft) {
		return false
	}
	for _, r := range ret.Results[:n-1] {
		if !c.isZeroValue(r) {
			return false
		}
	}
	return true
}

// isZeroValue reports whether e is written as a zero value: nil, a zero
// constant, or a composite literal whose elements are all zero values
// (ctrl.Result{}, ctrl.Result{Requeue: false}).
func (c *checker) isZeroValue(e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := c.pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		switch tv.Value.Kind() {
		case constant.Bool:
			return !constant.BoolVal(tv.Value)
		case constant.String:
			return constant.StringVal(tv.Value) == ""
		case constant.Int, constant.Float, constant.Complex:
			return constant.Sign(tv.Value) == 0
		}
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "nil"
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if !c.isZeroValue(el) {
				return false
			}
		}
		return true
	}
	return false
}
