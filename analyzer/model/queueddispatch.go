package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Which branches of a worker run for a tick's items (queuedticks.go): a
// test of one item field the tick set from constants is decided for each
// of its values; both sides of a test of an object's deletion run, one
// for each life stage; any other branch may not run on a tick.

// branches reports whether the then and else branches of a test on cond
// run on a tick.
func (f *tickFinder) branches(d *dispatch, cond ast.Expr) (then, els bool) {
	if isDeletionTest(cond) {
		return true, true
	}
	field, ok := d.dispatchField(cond)
	if !ok {
		return false, false
	}
	for _, v := range d.fields[field] {
		t, known := d.eval(cond, v)
		if !known {
			return false, false
		}
		then, els = then || t, els || !t
	}
	f.decided = true
	return then, els
}

// dispatchField returns the one item field with known values that e
// reads; false when it reads none, or another.
func (d *dispatch) dispatchField(e ast.Expr) (string, bool) {
	field, ok := "", true
	ast.Inspect(e, func(n ast.Node) bool {
		sel, isSel := n.(*ast.SelectorExpr)
		if !isSel || !d.isItem(sel.X) {
			return true
		}
		if d.fields[sel.Sel.Name] == nil || field != "" && field != sel.Sel.Name {
			ok = false
		}
		field = sel.Sel.Name
		return false
	})
	return field, ok && field != ""
}

// eval evaluates cond with the dispatch field holding v: comparisons of
// the field with constants, joined by !, && and ||.
func (d *dispatch) eval(cond ast.Expr, v constant.Value) (result, known bool) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		r, ok := d.eval(e.X, v)
		return !r, ok && e.Op == token.NOT
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			l, lok := d.eval(e.X, v)
			r, rok := d.eval(e.Y, v)
			if e.Op == token.LAND {
				return l && r, lok && rok
			}
			return l || r, lok && rok
		case token.EQL, token.NEQ:
			c := d.comparedConstant(e)
			if c == nil || c.Kind() != v.Kind() {
				return false, false
			}
			return constant.Compare(v, e.Op, c), true
		}
	}
	return false, false
}

// comparedConstant returns the constant an item field is compared with.
func (d *dispatch) comparedConstant(e *ast.BinaryExpr) constant.Value {
	for _, pair := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
		if sel, ok := ast.Unparen(pair[0]).(*ast.SelectorExpr); ok && d.isItem(sel.X) {
			return d.info.Types[pair[1]].Value
		}
	}
	return nil
}

// caseRuns reports whether a case of a switch on an item field runs for
// one of the tick's values: it lists one, or it is the default and a
// value matches no case.
func (f *tickFinder) caseRuns(d *dispatch, s *ast.SwitchStmt, cc *ast.CaseClause) bool {
	sel, ok := ast.Unparen(s.Tag).(*ast.SelectorExpr)
	if s.Tag == nil || !ok || !d.isItem(sel.X) || d.fields[sel.Sel.Name] == nil {
		return false
	}
	f.decided = true
	for _, v := range d.fields[sel.Sel.Name] {
		matched, known := d.caseOf(s, v)
		if !known {
			return false
		}
		if matched == cc || matched == nil && cc.List == nil {
			return true
		}
	}
	return false
}

// caseOf returns the case clause of s that lists v, nil when none does.
func (d *dispatch) caseOf(s *ast.SwitchStmt, v constant.Value) (*ast.CaseClause, bool) {
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		for _, e := range cc.List {
			k := d.info.Types[e].Value
			if k == nil || k.Kind() != v.Kind() {
				return nil, false
			}
			if constant.Compare(v, token.EQL, k) {
				return cc, true
			}
		}
	}
	return nil, true
}

// typeCaseRuns reports whether a case of a type switch on the item runs
// for the tick's item type, and makes the case's variable an item.
func (f *tickFinder) typeCaseRuns(d *dispatch, s *ast.TypeSwitchStmt, cc *ast.CaseClause) bool {
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.ExprStmt:
		x = a.X
	case *ast.AssignStmt:
		x = a.Rhs[0]
	}
	ta, ok := x.(*ast.TypeAssertExpr)
	if !ok || !d.isItem(ta.X) || d.typ == nil {
		return false
	}
	f.decided = true
	runs := cc.List == nil && !d.anyTypeCase(s)
	for _, e := range cc.List {
		runs = runs || types.Identical(d.info.TypeOf(e), d.typ)
	}
	if v, ok := d.info.Implicits[cc].(*types.Var); ok && runs {
		d.items[v] = true
	}
	return runs
}

// anyTypeCase reports whether a case of s lists the item's type.
func (d *dispatch) anyTypeCase(s *ast.TypeSwitchStmt) bool {
	for _, c := range s.Body.List {
		for _, e := range c.(*ast.CaseClause).List {
			if types.Identical(d.info.TypeOf(e), d.typ) {
				return true
			}
		}
	}
	return false
}

// isDeletionTest reports whether cond tests whether an object is being
// deleted: its DeletionTimestamp (or GetDeletionTimestamp()) IsZero, or
// is nil.
func isDeletionTest(cond ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && isDeletionTest(e.X)
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "IsZero" && namesDeletion(sel.X)
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return false
		}
		return namesDeletion(e.X) && isNil(e.Y) || namesDeletion(e.Y) && isNil(e.X)
	}
	return false
}

// namesDeletion reports whether e is x.DeletionTimestamp or
// x.GetDeletionTimestamp().
func namesDeletion(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "GetDeletionTimestamp"
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "DeletionTimestamp"
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}
