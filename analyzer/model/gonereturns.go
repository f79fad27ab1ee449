package model

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A Reconcile that asks for a requeue on every quiet return but one, the
// scaffold's `if apierrors.IsNotFound(err) { return ctrl.Result{}, nil }`
// after the Get of the request's own object, still redoes every lost
// write: that return is taken only when the reconciled object is gone, on
// a path where the reconcile has not written yet (the Get opens the body)
// and nothing is left to redo.

// goneReturns returns the returns of a Reconcile body taken only when the
// Get of the request's object at the top of body found nothing. req is the
// request parameter. The Get must come before any client write of the
// body's top level, and its error be tested by IsNotFound in the same
// statement or the next.
func goneReturns(info *types.Info, body *ast.BlockStmt, req *types.Var) map[*ast.ReturnStmt]bool {
	if req == nil {
		return nil
	}
	for i, stmt := range body.List {
		if writesDirectly(info, stmt) {
			return nil
		}
		errVar := requestGetError(info, stmt, req)
		if errVar == nil {
			continue
		}
		out := map[*ast.ReturnStmt]bool{}
		guards := []ast.Stmt{stmt}
		if i+1 < len(body.List) {
			guards = append(guards, body.List[i+1])
		}
		for _, g := range guards {
			notFoundReturns(info, g, errVar, out)
		}
		return out
	}
	return nil
}

// requestGetError returns the error variable stmt assigns from a call of a
// method Get with an argument that mentions req (the request's key), in an
// assignment or the init of an if.
func requestGetError(info *types.Info, stmt ast.Stmt, req *types.Var) *types.Var {
	if ifs, ok := stmt.(*ast.IfStmt); ok && ifs.Init != nil {
		stmt = ifs.Init
	}
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isRequestGet(info, call, req) {
		return nil
	}
	id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	if v == nil || !upstream.IsErrorType(v.Type()) {
		return nil
	}
	return v
}

// isRequestGet reports whether call is a method Get given the request's key.
func isRequestGet(info *types.Info, call *ast.CallExpr, req *types.Var) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Name() != "Get" || fn.Signature().Recv() == nil {
		return false
	}
	for _, arg := range call.Args {
		if mentions(info, arg, req) {
			return true
		}
	}
	return false
}

// mentions reports whether e uses v.
func mentions(info *types.Info, e ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// notFoundReturns adds to out the returns directly under an if of stmt
// whose condition requires IsNotFound(errVar).
func notFoundReturns(info *types.Info, stmt ast.Stmt, errVar *types.Var, out map[*ast.ReturnStmt]bool) {
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if requiresNotFound(info, n.Cond, errVar) {
				for _, s := range n.Body.List {
					if ret, ok := s.(*ast.ReturnStmt); ok {
						out[ret] = true
					}
				}
			}
		}
		return true
	})
}

// requiresNotFound reports whether cond holds only when IsNotFound(errVar)
// does: the call itself or a conjunct of an &&.
func requiresNotFound(info *types.Info, cond ast.Expr, errVar *types.Var) bool {
	for _, c := range conjuncts(cond) {
		call, ok := ast.Unparen(c).(*ast.CallExpr)
		if ok && len(call.Args) == 1 && upstream.IsCallTo(info, call, upstream.NotFoundCheck) &&
			mentions(info, call.Args[0], errVar) {
			return true
		}
	}
	return false
}

// conjuncts returns the operands of cond's chain of &&, or cond itself.
func conjuncts(cond ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{cond}
}

// writesDirectly reports whether stmt holds a client write outside
// function literals.
func writesDirectly(info *types.Info, stmt ast.Stmt) bool {
	found := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || upstream.IsClientWrite(info, n)
		}
		return !found
	})
	return found
}
