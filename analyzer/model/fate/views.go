package fate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Views of the Conflict's status: a variable that a type assertion or
// errors.As fills with the failure's *StatusError (or an APIStatus), whose
// reason and code the evaluator knows.

// isStatusView reports whether v takes the status error of a value that
// carries the failure on this path: `se, ok := err.(*apierrors.StatusError)`
// or `errors.As(err, &se)` somewhere in the function.
func (cd *conditions) isStatusView(v *types.Var, st pathState) bool {
	if !holdsStatusError(v.Type()) {
		return false
	}
	found := false
	ast.Inspect(cd.f.fn, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && len(n.Lhs) >= 1 && cd.vals.namesVar(n.Lhs[0], v) {
				if ta, ok := ast.Unparen(n.Rhs[0]).(*ast.TypeAssertExpr); ok && cd.vals.carries(ta.X, st) {
					found = true
				}
			}
		case *ast.CallExpr:
			if fn := upstream.Callee(cd.k.info, n); fn != nil && upstream.FuncKeyOf(fn) == (upstream.FuncKey{Pkg: "errors", Name: "As"}) && len(n.Args) == 2 {
				if u, ok := ast.Unparen(n.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND && cd.vals.namesVar(u.X, v) && cd.vals.carries(n.Args[0], st) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// namesVar reports whether e is the identifier of v.
func (vf *valueFlow) namesVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && vf.k.info.ObjectOf(id) == v
}

// taggedCase continues a path through the case value cond of a switch with
// a tag: decided when the tag is the Conflict's reason or code and cond a
// constant (`switch apierrors.ReasonForError(err) { case ...: }`).
func (cd *conditions) taggedCase(b *cfg.Block, cond ast.Expr, st pathState) []walkItem {
	if tag := cd.switchTag(cond); tag != nil {
		eq := &ast.BinaryExpr{X: tag, Op: token.EQL, Y: cond}
		switch cd.onConflict(st).compare(eq) {
		case truth.True:
			return []walkItem{{Block: b.Succs[0], State: st}}
		case truth.False:
			return []walkItem{{Block: b.Succs[1], State: st}}
		}
		if cd.vals.mentionsCarrier(tag, st) && st.undecided == nil {
			st.undecided = cond
		}
	}
	return []walkItem{{Block: b.Succs[0], State: st}, {Block: b.Succs[1], State: st}}
}

// switchTag returns the tag of the switch whose case value is cond.
func (cd *conditions) switchTag(cond ast.Expr) ast.Expr {
	cur, ok := cd.f.fnCur.FindNode(cond)
	if !ok {
		return nil
	}
	sw, ok := cur.Parent().Parent().Parent().Node().(*ast.SwitchStmt)
	if !ok {
		return nil
	}
	return sw.Tag
}

// typeSwitchOnCarrier reports whether clause is a case of a type switch
// over a value that carries the failure (`switch actResult.(type)`).
func (cd *conditions) typeSwitchOnCarrier(clause ast.Stmt, st pathState) bool {
	cc, ok := clause.(*ast.CaseClause)
	if !ok || cc.List == nil {
		return false
	}
	cur, ok := cd.f.fnCur.FindNode(cc)
	if !ok {
		return false
	}
	ts, ok := cur.Parent().Parent().Node().(*ast.TypeSwitchStmt)
	if !ok {
		return false
	}
	var subject ast.Expr
	switch a := ts.Assign.(type) {
	case *ast.ExprStmt:
		subject = a.X
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			subject = a.Rhs[0]
		}
	}
	ta, ok := subject.(*ast.TypeAssertExpr)
	return ok && cd.vals.mentionsCarrier(ta.X, st)
}
