package staleupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// Counters carry a loop's attempt number to a test: a hand-written retry
// that re-reads the object on every attempt but the first (`for attempt
// := range n { if attempt > 0 { Get } ...; Update }`) resends nothing
// stale, because every path that comes back to the write has counted an
// attempt. A counter is a local integer that only ever grows from a
// constant that is not negative: set to such a constant, incremented, or
// the index a range statement gives. The walk follows one bit of each, in
// the flags' bit space: whether the counter is known to be positive.

// findCounters adds to fv the counters of body: local integer variables
// that every assignment keeps at or above zero and never lowers, neither
// address-taken nor assigned in a function literal.
func (fv *flagVars) findCounters(body *ast.BlockStmt) {
	ok := make(map[*types.Var]bool)
	note := func(e ast.Expr, fine bool) {
		if v := fv.intVar(e); v != nil {
			if prev, seen := ok[v]; !seen || prev {
				ok[v] = fine
			}
		}
	}
	inspectNesting(body, func(m ast.Node, nested bool) {
		switch m := m.(type) {
		case *ast.UnaryExpr:
			if m.Op == token.AND {
				note(m.X, false)
			}
		case *ast.IncDecStmt:
			note(m.X, !nested && m.Tok == token.INC)
		case *ast.AssignStmt:
			for i, lhs := range m.Lhs {
				note(lhs, !nested && fv.keepsCounter(m, i))
			}
		case *ast.ValueSpec:
			for i, id := range m.Names {
				note(id, len(m.Values) == 0 || len(m.Values) == len(m.Names) && fv.nonNegative(m.Values[i]))
			}
		case *ast.RangeStmt:
			note(m.Key, !nested && fv.rangesOverIndexes(m))
			note(m.Value, false)
		}
	})
	for v, fine := range ok {
		if fine {
			fv.addCounter(v)
		}
	}
}

// keepsCounter reports whether the i-th assignment of as keeps a counter
// a counter: a constant that is not negative, or a positive constant added.
func (fv *flagVars) keepsCounter(as *ast.AssignStmt, i int) bool {
	if len(as.Lhs) != len(as.Rhs) {
		return false
	}
	switch as.Tok {
	case token.ASSIGN, token.DEFINE:
		return fv.nonNegative(as.Rhs[i])
	case token.ADD_ASSIGN:
		c, ok := fv.intConst(as.Rhs[i])
		return ok && c > 0
	}
	return false
}

// rangesOverIndexes reports whether rs's key is an index (an integer
// range, a slice, an array, a string), which grows from 0 turn by turn.
func (fv *flagVars) rangesOverIndexes(rs *ast.RangeStmt) bool {
	t := fv.info.TypeOf(rs.X)
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsInteger|types.IsString) != 0
	case *types.Slice, *types.Array:
		return true
	}
	return false
}

func (fv *flagVars) nonNegative(e ast.Expr) bool {
	c, ok := fv.intConst(e)
	return ok && c >= 0
}

// intConst returns the value of the integer constant e.
func (fv *flagVars) intConst(e ast.Expr) (int64, bool) {
	tv, ok := fv.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// intVar returns the local integer variable e names, or nil.
func (fv *flagVars) intVar(e ast.Expr) *types.Var { return fv.localVar(e, types.IsInteger) }

func (fv *flagVars) addCounter(v *types.Var) {
	if _, ok := fv.bit[v]; !ok && fv.next < maxFlags {
		fv.bit[v] = fv.next
		fv.counter[v] = true
		fv.next++
	}
}

// counterBit returns the bit of the counter e names.
func (fv *flagVars) counterBit(e ast.Expr) (uint, bool) {
	v := fv.intVar(e)
	if v == nil || !fv.counter[v] {
		return 0, false
	}
	return fv.bit[v], true
}

// countStep applies n to what s knows of the counters: an increment makes
// one positive, a constant tells whether it is.
func (fv *flagVars) countStep(n ast.Node, s flagState) flagState {
	switch n := n.(type) {
	case *ast.IncDecStmt:
		if b, ok := fv.counterBit(n.X); ok {
			s = s.set(b, true)
		}
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			if b, ok := fv.counterBit(lhs); ok && i < len(n.Rhs) {
				c, _ := fv.intConst(n.Rhs[i])
				s = s.set(b, n.Tok == token.ADD_ASSIGN || c > 0)
			}
		}
	case *ast.ValueSpec:
		for i, id := range n.Names {
			if b, ok := fv.counterBit(id); ok {
				c := int64(0)
				if i < len(n.Values) {
					c, _ = fv.intConst(n.Values[i])
				}
				s = s.set(b, c > 0)
			}
		}
	}
	return s
}

// nextTurn is what entering the body of a range loop tells of its index:
// positive when the loop holds start, the walk's first write (the walk
// began in an earlier turn), unknown otherwise (this may be the first).
func (fv *flagVars) nextTurn(body *cfg.Block, start ast.Node, s flagState) flagState {
	rs, ok := body.Stmt.(*ast.RangeStmt)
	if !ok || body.Kind != cfg.KindRangeBody {
		return s
	}
	if b, ok := fv.counterBit(rs.Key); ok {
		if syntax.Within(start, rs.Body) {
			return s.set(b, true)
		}
		return s.forget(b)
	}
	return s
}

// compare answers a comparison of a counter with an integer constant
// from what s knows: a positive counter is at least 1, one known not
// positive is 0 (a counter is never negative).
func (fv *flagVars) compare(e ast.Expr, s flagState) (val, known bool) {
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false, false
	}
	op, x, y := be.Op, be.X, be.Y
	if mirror(op) == op && op != token.EQL && op != token.NEQ {
		return false, false // not a comparison
	}
	if _, isCounter := fv.counterBit(x); !isCounter {
		op, x, y = mirror(op), y, x
	}
	b, isCounter := fv.counterBit(x)
	k, isConst := fv.intConst(y)
	if !isCounter || !isConst || s.known&(1<<b) == 0 {
		return false, false
	}
	if s.val&(1<<b) == 0 {
		return holds(op, 0, k), true
	}
	// v >= 1: decided when every value from 1 up gives one answer
	switch op {
	case token.GTR:
		return true, k <= 0
	case token.GEQ:
		return true, k <= 1
	case token.NEQ:
		return true, k <= 0
	case token.EQL:
		return false, k <= 0
	case token.LSS:
		return false, k <= 1
	case token.LEQ:
		return false, k <= 0
	}
	return false, false
}

// holds evaluates x op y.
func holds(op token.Token, x, y int64) bool {
	switch op {
	case token.GTR:
		return x > y
	case token.GEQ:
		return x >= y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	}
	return false
}

// mirror returns the operator of y op x given that of x op y.
func mirror(op token.Token) token.Token {
	switch op {
	case token.GTR:
		return token.LSS
	case token.LSS:
		return token.GTR
	case token.GEQ:
		return token.LEQ
	case token.LEQ:
		return token.GEQ
	}
	return op
}
