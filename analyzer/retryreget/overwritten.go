package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A closure that answers its write's Conflict by re-reading the object
// into the write's own error variable (`if IsConflict(err) { err =
// r.Get(ctx, key, obj) }; return err`) hands the retry the re-read's
// error instead of the Conflict: nil when the read succeeds, so the retry
// stops as if the write had worked and the change is never written.

// checkOverwritten reports such a re-read, at the assignment.
func (c *checker) checkOverwritten(w *model.Write) {
	body := syntax.FuncBody(w.Scope.Body)
	if body == nil || !returnsOnlyError(c.pass.TypesInfo, syntax.FuncType(w.Scope.Body)) || syntax.EnclosingFuncNode(w.Cursor) != w.Scope.Body {
		return
	}
	def, v := c.errorVarOf(w)
	if v == nil {
		return
	}
	failed := c.tracer.ReachingUses(body, def, v)
	for cur := range w.Scope.Cursor.Preorder((*ast.IfStmt)(nil)) {
		ifs := cur.Node().(*ast.IfStmt)
		if syntax.EnclosingFuncNode(cur) != w.Scope.Body || !c.testsFailure(ifs.Cond, v, failed) {
			continue
		}
		for _, stmt := range ifs.Body.List {
			as, read := c.rereadInto(stmt, v)
			if as == nil || !c.returnsVar(body, as, v) {
				continue
			}
			msg := fmt.Sprintf("conflict from %s of %s is replaced by the error of %s, so %s stops once the re-read succeeds: keep the re-read's error apart and return the conflict",
				diag.CallName(w.Call), w.Object.Name(), diag.CallName(read), retryName(w.Scope))
			msg, ok := c.gradedLoss(msg, w)
			if !ok {
				continue
			}
			c.overwritten[as] = true
			diag.Report(c.pass, as, msg, []diag.Related{
				{Node: w.Call, Message: "the conflict-prone write: " + diag.CallName(w.Call)},
				{Node: w.Scope.Call, Message: "the retry: " + retryName(w.Scope)},
			})
		}
	}
}

// errorVarOf returns the assignment of w's error to a variable, and the
// variable (`err = r.Update(ctx, obj)`), or nil.
func (c *checker) errorVarOf(w *model.Write) (ast.Node, *types.Var) {
	as, ok := w.Cursor.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil, nil
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok {
		return nil, nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return as, v
}

// testsFailure reports whether cond holds only when v, holding the
// write's error (its uses in failed), is a failure: `IsConflict(err)` or
// `err != nil`, alone or in a conjunction.
func (c *checker) testsFailure(cond ast.Expr, v *types.Var, failed map[*ast.Ident]bool) bool {
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == v && failed[id]
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return c.testsFailure(e.X, v, failed) || c.testsFailure(e.Y, v, failed)
		case token.NEQ:
			return isV(e.X) && truth.IsNil(e.Y) || isV(e.Y) && truth.IsNil(e.X)
		}
	case *ast.CallExpr:
		fn := upstream.Callee(c.pass.TypesInfo, e)
		return fn != nil && fn.Name() == "IsConflict" && len(e.Args) == 1 && isV(e.Args[0])
	}
	return false
}

// rereadInto returns stmt when it assigns v the error of a read of the
// API (`err = r.Get(ctx, key, obj)`), with the read's call.
func (c *checker) rereadInto(stmt ast.Stmt, v *types.Var) (*ast.AssignStmt, *ast.CallExpr) {
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Rhs) != 1 {
		return nil, nil
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isCall || c.pass.TypesInfo.Uses[id] != v || c.res.ReadAt(call) == nil {
		return nil, nil
	}
	return as, call
}

// returnsVar reports whether a return of the closure body gives v as it
// is after as.
func (c *checker) returnsVar(body *ast.BlockStmt, as *ast.AssignStmt, v *types.Var) bool {
	reached := c.tracer.ReachingUses(body, as, v)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				if id, ok := ast.Unparen(n.Results[0]).(*ast.Ident); ok && reached[id] {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// gradedLoss appends to msg the grade of a change the retry gives up as
// done: nothing hands it on, so it is graded by what redoes the write. ok
// is false when the run's gate leaves that grade out.
func (c *checker) gradedLoss(msg string, w *model.Write) (string, bool) {
	cur, found := w.Scope.Cursor.Inspector().Root().FindNode(w.Scope.Call)
	if !found {
		return msg, true
	}
	e := c.res.Grading().DroppedAsDone(cur, c.pass.TypesInfo.TypeOf(w.Object.Expr))
	if !c.res.Grading().Admits(e.Grade) {
		return "", false
	}
	return e.Append(msg), true
}
