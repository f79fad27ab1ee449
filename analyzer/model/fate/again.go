package fate

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A helper that reads its object itself and returns its write's failure is
// often run once right away and then again on each tick of a loop that
// follows ("report now, then every period"). A path from the first run's
// failure that reaches the same call again retries it with a fresh read,
// as a loop that comes back to the failing call does (revisit). "The
// same call" is strict: the same callee, and receiver and arguments
// written alike over the same variables, none of which the function
// changes after the failing call, so the second call writes the same
// object. Calls in function literals do not count: they are not run
// where they stand. When the twin is reached, the walk also drops the
// fall-through of a select without default (see pathEnd): in the usual
// shape the twin sits in a ticker's case, and a select waits for a case.
// What that gives up: a branch that never reaches the twin and never
// returns (an endless event loop beside the ticker's) showed its loss only
// through that dead end, and is then not judged.

// callsAgain reports whether node makes the failing call again, where it
// stands, or starts the function around it again (restart.go).
func (vf *valueFlow) callsAgain(node ast.Node) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || n != vf.f.call && (vf.sameCall(n) || vf.restartsSelf(n))
		}
		return !found
	})
	return found
}

// sameCall reports whether call has the failing call's callee, receiver
// and arguments.
func (vf *valueFlow) sameCall(call *ast.CallExpr) bool {
	want := vf.f.call
	fn := vf.k.callee(call)
	if fn == nil || fn != vf.k.callee(want) || len(call.Args) != len(want.Args) || call.Ellipsis.IsValid() != want.Ellipsis.IsValid() {
		return false
	}
	if !vf.sameValue(want.Fun, call.Fun) {
		return false
	}
	for i, arg := range want.Args {
		if !vf.sameValue(arg, call.Args[i]) {
			return false
		}
	}
	return true
}

// sameValue reports whether a and b are written alike, hold no call, and
// name the same objects, every variable among them one of the function's
// own that it does not change after the failing call.
func (vf *valueFlow) sameValue(a, b ast.Expr) bool {
	if types.ExprString(a) != types.ExprString(b) {
		return false
	}
	ia, ok := vf.plainIdents(a)
	if !ok {
		return false
	}
	ib, ok := vf.plainIdents(b)
	if !ok || len(ia) != len(ib) {
		return false
	}
	for i, id := range ia {
		obj := vf.k.info.Uses[id]
		if obj != vf.k.info.Uses[ib[i]] {
			return false
		}
		if v, ok := obj.(*types.Var); ok && !v.IsField() && !vf.unchangedAfterCall(v) {
			return false
		}
	}
	return true
}

// plainIdents returns the identifiers of e in order; false when e holds
// a call or a function literal, whose value may differ from one
// evaluation to the next. Stricter than fixes.SideEffectFree, which lets
// the clock and value builtins through: a fix may repeat them, but a
// time.Now() argument is another value on the second call.
func (vf *valueFlow) plainIdents(e ast.Expr) ([]*ast.Ident, bool) {
	var ids []*ast.Ident
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.CallExpr:
			// a conversion keeps its operand's value
			if tv, known := vf.k.info.Types[n.Fun]; !known || !tv.IsType() {
				ok = false
			}
		case *ast.Ident:
			ids = append(ids, n)
		}
		return ok
	})
	return ids, ok
}

// unchangedAfterCall reports whether v is declared in the failing call's
// function and neither assigned, stepped nor has its address taken after
// the failing call or in a function literal.
func (vf *valueFlow) unchangedAfterCall(v *types.Var) bool {
	fn := vf.f.fn
	body := syntax.FuncBody(fn)
	if body == nil || v.Pos() < fn.Pos() || v.Pos() >= fn.End() {
		return false
	}
	after := vf.f.call.End()
	unchanged := true
	var inLit int
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if !unchanged {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok && n != fn {
			inLit++
			ast.Inspect(lit.Body, visit)
			inLit--
			return false
		}
		for _, target := range changedBy(n) {
			if typeinfo.ChainRoot(vf.k.info, target) == v && (inLit > 0 || n.Pos() >= after) {
				unchanged = false
			}
		}
		return unchanged
	}
	ast.Inspect(body, visit)
	return unchanged
}

// changedBy returns the expressions node may change: assigned, stepped,
// ranged into or taken the address of.
func changedBy(n ast.Node) []ast.Expr {
	switch n := n.(type) {
	case *ast.AssignStmt:
		return n.Lhs
	case *ast.IncDecStmt:
		return []ast.Expr{n.X}
	case *ast.RangeStmt:
		return []ast.Expr{n.Key, n.Value}
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			return []ast.Expr{n.X}
		}
	}
	return nil
}

// againFate is the verdict of a path that reaches the failing call's twin
// at node: a retry, unless the twin runs on the ticks of a loop, which
// heals the failure a period later (the grade says when).
func (w *walker) againFate(node ast.Node, st pathState) Fate {
	if _, tick := upstream.TickLoop(w.vals.k.info, innermostLoopAround(w.vals.f.fn, node)); tick {
		return st.best
	}
	return max(st.best, Retried)
}

// innermostLoopAround returns the innermost for or range statement of fn
// (not of a literal in it) that holds node, or nil.
func innermostLoopAround(fn, node ast.Node) ast.Node {
	var loop ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		if n == nil || n.Pos() > node.Pos() || n.End() < node.End() {
			return false
		}
		switch n.(type) {
		case *ast.FuncLit:
			return n == fn
		case *ast.ForStmt, *ast.RangeStmt:
			if n != node {
				loop = n
			}
		}
		return true
	})
	return loop
}
