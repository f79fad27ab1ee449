package unretriedupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/repair"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

const (
	reconcileResults = 1 // controller-runtime writes return only an error
	typedResults     = 2 // client-go typed and dynamic writes return the stored object and an error
)

// wrapFix wraps a write, and the plain mutations of its object made since
// the object's last read in the same block, in retry.RetryOnConflict with a
// re-read at the top of the closure:
//
//	if err := c.Get(ctx, key, &cm); err != nil { ... }   // stays
//	cm.Data["k"] = v                                      // moves inside
//	if err := c.Update(ctx, &cm); err != nil { ... }      // wrapped in place
//
// A controller-runtime write re-reads with Get into the object; a client-go
// typed or dynamic write, whose returned object the statement must drop,
// reassigns the object from the Get of the same resource interface and
// keeps only the error (`_, err := c.Update(...)` becomes `err := retry...`).
// The first attempt does what the code did (plus one Get); a Conflict now
// re-reads and reapplies the change. Whatever the statement did with the
// write's error it does with the retry's. When the shape is anything else
// (an object the function did not read, a parameter whose callers may have
// changed it, a change computed by a call), the finding has no fix.
func (c *checker) wrapFix(w *model.Write) (analysis.SuggestedFix, bool) {
	if w.Object.Copied || !w.Object.Valid() || w.Object.Path != w.Object.Root.Name() || !syntax.Encloses(w.FuncNode, w.Object.Root.Pos()) {
		return analysis.SuggestedFix{}, false // a copy, a field, or an object from outside: nothing in view to re-read into
	}
	typed := w.Kind == upstream.WriteTypedUpdate || w.Kind == upstream.WriteDynamicUpdate
	switch {
	case typed && w.Results == typedResults:
	case (w.Kind == upstream.WriteUpdate || w.Kind == upstream.WriteSubResourceUpdate) && w.Results == reconcileResults:
	default:
		return analysis.SuggestedFix{}, false
	}
	stmt, list, idx, ok := resultStatementOf(w.Cursor)
	if !ok || fixes.UsesName(w.Call, "err") {
		return analysis.SuggestedFix{}, false
	}
	dropResult, ok := droppedObjectResult(stmt, w.Call, typed)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	moves, ok := c.mutationsSinceRead(w, list[:idx])
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	uses := func(name string) bool {
		return fixes.UsesName(w.Call, name) || slices.ContainsFunc(moves, func(m ast.Stmt) bool { return fixes.UsesName(m, name) })
	}
	var reRead []string
	var edits []analysis.TextEdit
	if typed {
		fresh := "latest"
		if uses(fresh) {
			fresh = "fresh"
		}
		if uses(fresh) || uses("err") {
			return analysis.SuggestedFix{}, false
		}
		reRead, edits, ok = repair.TypedReRead(c.pass, w, stmt.Pos(), fresh, "err")
	} else {
		reRead, edits, ok = repair.ControllerRuntimeReRead(c.pass, w, stmt.Pos())
	}
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	retryName, moved, more, ok := c.retryParts(stmt.Pos(), moves)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	body := append(reRead, moved...)
	edits = append(edits, more...)
	if typed {
		body = append(body, "_, err = "+fixes.Source(c.pass, w.Call), "return err")
	} else {
		body = append(body, "return "+fixes.Source(c.pass, w.Call))
	}
	indent, ok := fixes.LineIndent(c.pass, stmt.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, dropResult...)
	edits = append(edits, analysis.TextEdit{Pos: w.Call.Pos(), End: w.Call.End(), NewText: []byte(retryClosure(retryName, indent, body))})
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Retry the write of %s with retry.RetryOnConflict, re-reading it first", w.Object.Name()),
		TextEdits: edits,
	}, true
}

// retryParts returns what every retry wrap at pos needs besides its body:
// the name the retry package has there (with the edit that imports it, if
// any), and the lines of the statements that move into the closure (with
// the edits that delete them where they were).
func (c *checker) retryParts(pos token.Pos, moves []ast.Stmt) (string, []string, []analysis.TextEdit, bool) {
	retryName, edits, ok := fixes.ImportName(c.pass, pos, upstream.RetryPath, "retry")
	if !ok {
		return "", nil, nil, false
	}
	moved, del, ok := c.movedLines(moves)
	if !ok {
		return "", nil, nil, false
	}
	return retryName, moved, append(edits, del...), true
}

// movedLines returns the lines of the statements that move into a retry
// closure, and the edits that delete them where they were.
func (c *checker) movedLines(moves []ast.Stmt) ([]string, []analysis.TextEdit, bool) {
	var lines []string
	var dels []analysis.TextEdit
	for _, m := range moves {
		ls, del, ok := fixes.StatementLines(c.pass, m)
		if !ok {
			return nil, nil, false
		}
		lines = append(lines, ls...)
		dels = append(dels, del)
	}
	return lines, dels, true
}

// retryClosure writes `retry.RetryOnConflict(retry.DefaultRetry, func() error { body })`,
// the body indented one step past indent.
func retryClosure(retryName, indent string, body []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s.RetryOnConflict(%s.DefaultRetry, func() error {", retryName, retryName)
	for _, l := range body {
		b.WriteString("\n" + indent + "\t" + l)
	}
	b.WriteString("\n" + indent + "})")
	return b.String()
}

// droppedObjectResult returns the edit that leaves only the error of a
// typed write's results (`_, err :=` becomes `err :=`), which must drop the
// object it returns; a controller-runtime write needs none.
func droppedObjectResult(stmt ast.Stmt, call *ast.CallExpr, typed bool) ([]analysis.TextEdit, bool) {
	as, ok := stmt.(*ast.AssignStmt)
	if ifs, isIf := stmt.(*ast.IfStmt); isIf {
		as, ok = ifs.Init.(*ast.AssignStmt)
	}
	if !ok {
		_, isExpr := stmt.(*ast.ExprStmt)
		return nil, isExpr
	}
	if len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(call) {
		return nil, false
	}
	if !typed {
		return nil, len(as.Lhs) == 1
	}
	if len(as.Lhs) != 2 {
		return nil, false
	}
	if id, ok := as.Lhs[0].(*ast.Ident); !ok || id.Name != "_" {
		return nil, false // the returned object is used
	}
	return []analysis.TextEdit{{Pos: as.Lhs[0].Pos(), End: as.Lhs[1].Pos()}}, true
}

// mutationsSinceRead walks back over before (the statements preceding the
// write in its block) to the last read of the object, or to an earlier
// write of it that succeeded, and returns the plain mutations of the object
// that directly precede the write: those move into the closure, after the
// re-read. Statements between that read and the mutations stay where they
// are, and may only read fields of basic type of the object (a re-read
// would undo a change they made). The order of what runs is kept: the read, the statements that
// stay, then (now after a re-read) the mutations and the write.
func (c *checker) mutationsSinceRead(w *model.Write, before []ast.Stmt) ([]ast.Stmt, bool) {
	root := w.Object.Root
	moves := 0 // how many statements right before the write move
	for i := len(before) - 1; i >= 0; i-- {
		s := before[i]
		switch {
		case c.readsObject(s, w.Object),
			i > 0 && c.readsObject(before[i-1], w.Object) && c.checksReadError(s, root), // the read's error check stays with the read
			c.persists(s, nil, w),
			i > 0 && c.persists(before[i-1], s, w): // past a write that succeeded, the server holds what a re-read returns
			return before[len(before)-moves:], true
		case moves == len(before)-1-i && repair.PlainMutation(c.pass.TypesInfo, s, root):
			moves++
		case fixes.Mentions(c.pass.TypesInfo, s, root) && !fixes.ReadsOnlyBasicFields(c.pass, s, root):
			return nil, false // it may change the object, which the re-read would undo
		}
	}
	return nil, false // no read in the block: changes made elsewhere would be wiped
}

// checksReadError reports whether s is the error check after a read
// (`if err != nil { ... }`, no init) that does not touch the object.
func (c *checker) checksReadError(s ast.Stmt, v *types.Var) bool {
	ifs, ok := s.(*ast.IfStmt)
	return ok && ifs.Init == nil && !fixes.Mentions(c.pass.TypesInfo, ifs, v)
}

// readsObject reports whether s is an unconditional read of obj: a Get
// into it as a statement, an assignment, or the init of an if.
func (c *checker) readsObject(s ast.Stmt, obj upstream.Object) bool {
	var call ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		call = s.X
	case *ast.AssignStmt:
		if listElement(c.pass.TypesInfo, s, obj.Root) {
			return true // d := &list.Items[i]: the List read it
		}
		if rd := c.res.ReadAt(s); rd != nil && rd.Object.Same(obj) && len(s.Rhs) == 1 {
			_, isCall := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
			return isCall // obj, err := cs.CoreV1().ConfigMaps(ns).Get(...)
		}
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

// persists reports whether s is an earlier write of w's object, through the
// same method of the same client, after which the code goes on only when
// it succeeded: `if _, err := c.Update(...); err != nil { <leaves> }`, or
// the write as a statement followed by check, `if err != nil { <leaves> }`.
// Past it the server holds every change made to the object so far, as far
// as w sends them (the same method sends the same parts: the whole object,
// or its status), so a re-read there drops nothing w would have sent.
func (c *checker) persists(s, check ast.Stmt, w *model.Write) bool {
	var as *ast.AssignStmt
	var errCheck *ast.IfStmt
	switch s := s.(type) {
	case *ast.IfStmt:
		as, _ = s.Init.(*ast.AssignStmt)
		errCheck = s
		if check != nil {
			return false
		}
	case *ast.AssignStmt:
		as = s
		errCheck, _ = check.(*ast.IfStmt)
	}
	if as == nil || len(as.Rhs) != 1 || errCheck == nil || errCheck.Else != nil || (check != nil && errCheck.Init != nil) {
		return false
	}
	call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	errVar, _ := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if call == nil || errVar == nil || errVar.Name == "_" {
		return false
	}
	prev := c.res.WriteAt(call)
	if prev == nil || prev == w || prev.Kind != w.Kind || !prev.Object.Same(w.Object) ||
		types.ExprString(prev.Call.Fun) != types.ExprString(w.Call.Fun) {
		return false
	}
	// The check must test the write's own error.
	cond, ok := errCheck.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return false
	}
	if x, ok := ast.Unparen(cond.X).(*ast.Ident); !ok || c.pass.TypesInfo.ObjectOf(x) != c.pass.TypesInfo.ObjectOf(errVar) {
		return false
	}
	if !truth.IsNil(cond.Y) {
		return false
	}
	return leaves(c.pass.TypesInfo, errCheck.Body)
}

// leaves reports whether the block never falls through: it ends in a
// return, a panic, or a call of a function that ends the program
// (upstream.FatalFuncs: os.Exit, log.Fatal*, klog.Fatal* and klog.Exit*).
func leaves(info *types.Info, body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	switch last := body.List[len(body.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(last.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		if upstream.CalledBuiltin(info, call) == "panic" {
			return true
		}
		fn := upstream.Callee(info, call)
		return fn != nil && upstream.FatalFuncs[upstream.FuncKeyOf(fn)]
	}
	return false
}

// listElement reports whether s declares v as an element of a List
// result's Items (`d := &list.Items[i]`): v holds what the List read.
func listElement(info *types.Info, s *ast.AssignStmt, v *types.Var) bool {
	if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		return false
	}
	if id, ok := s.Lhs[0].(*ast.Ident); !ok || info.Defs[id] != v {
		return false
	}
	rhs := ast.Unparen(s.Rhs[0])
	if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
		rhs = ast.Unparen(u.X)
	}
	ix, ok := rhs.(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Items" {
		return false
	}
	_, isSlice := typeinfo.UnderOf(info, sel).(*types.Slice)
	return isSlice && fixes.SideEffectFree(info, ix.Index) && repair.HasListMeta(info.TypeOf(sel.X))
}
