package truth

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Leaf is a part of a condition that Eval does not take apart, in one of
// three shapes: a boolean variable alone, a comparison with nil, anything
// else (a call, another comparison, a field).
type Leaf struct {
	// Expr is the leaf as written, without parentheses (for a nil test,
	// the whole comparison).
	Expr ast.Expr
	// Var is the variable when the leaf is a boolean variable alone.
	Var *types.Var
	// NonNil is, for a comparison with nil, the other operand as written:
	// the leaf stands for `NonNil != nil` whichever way the comparison is
	// written, so that a judge answers one question (is it non-nil?) and
	// Eval negates its answer for ==.
	NonNil ast.Expr
}

// Judge answers one check's question of a leaf on a path.
type Judge func(Leaf) Value

// Learn hears what taking a branch tells of a leaf: holds is the leaf's
// value there (for a nil test, whether NonNil is non-nil).
type Learn func(l Leaf, holds bool)

// Eval decides cond: a boolean constant by its value, !, && and || by
// Kleene's rules, and each remaining leaf by judge. Both operands of && and
// || are judged, so a judge sees every leaf.
func Eval(info *types.Info, cond ast.Expr, judge Judge) Value {
	if v := Const(info, cond); v.Known() {
		return v
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return Eval(info, e.X, judge).Not()
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return And(Eval(info, e.X, judge), Eval(info, e.Y, judge))
		case token.LOR:
			return Or(Eval(info, e.X, judge), Eval(info, e.Y, judge))
		}
	}
	l, eq := leafOf(info, cond)
	if eq {
		return judge(l).Not()
	}
	return judge(l)
}

// Assume tells learn what cond having the value holds implies of its
// leaves: !x flips the value; x && y that holds (and x || y that does not)
// gives both operands its value; x && y that does not hold (x || y that
// does) tells of one operand only when judge knows the other cannot have
// decided it. A constant condition tells nothing. Operands are visited
// left to right, and judge is asked after the leaves before it were
// learnt, so a judge that reads what learn records sees them.
func Assume(info *types.Info, cond ast.Expr, holds bool, judge Judge, learn Learn) {
	if Const(info, cond).Known() {
		return
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			Assume(info, e.X, !holds, judge, learn)
			return
		}
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			assumeJunction(info, e, holds, judge, learn)
			return
		}
	}
	l, eq := leafOf(info, cond)
	learn(l, holds != eq)
}

// assumeJunction is Assume for x && y and x || y.
func assumeJunction(info *types.Info, e *ast.BinaryExpr, holds bool, judge Judge, learn Learn) {
	decisive := e.Op == token.LOR // the operand value that decides alone
	if holds != decisive {
		Assume(info, e.X, holds, judge, learn)
		Assume(info, e.Y, holds, judge, learn)
		return
	}
	// !(x && y) with x known true means !y; x || y with x known false
	// means y.
	other := Of(!decisive)
	if Eval(info, e.X, judge) == other {
		Assume(info, e.Y, holds, judge, learn)
	} else if Eval(info, e.Y, judge) == other {
		Assume(info, e.X, holds, judge, learn)
	}
}

// Leaves calls visit for every leaf of cond that Eval would hand a judge,
// left to right.
func Leaves(info *types.Info, cond ast.Expr, visit func(Leaf)) {
	if Const(info, cond).Known() {
		return
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			Leaves(info, e.X, visit)
			return
		}
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			Leaves(info, e.X, visit)
			Leaves(info, e.Y, visit)
			return
		}
	}
	l, _ := leafOf(info, cond)
	visit(l)
}

// leafOf returns the leaf e is; eq reports a comparison `x == nil`, whose
// value is the negation of the leaf's.
func leafOf(info *types.Info, e ast.Expr) (_ Leaf, eq bool) {
	e = ast.Unparen(e)
	if x, neq, ok := NilTest(e); ok {
		return Leaf{Expr: e, NonNil: x}, !neq
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			return Leaf{Expr: e, Var: v}, false
		}
	}
	return Leaf{Expr: e}, false
}
