package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Facts about loops and counters that decide whether a lost failure comes
// back, or reaches the caller.
//
// A work set: a write made while ranging over a map is made for an entry
// that is still in the map. Unless the turn that failed deletes it, the
// map is not empty when the loop ends, whatever later turns delete (each
// turn has its own key), so `len(set) == 0` is false on that path:
//
//	for key := range pending {
//		if err := write(key); err != nil { continue }
//		delete(pending, key)
//	}
//	return len(pending) == 0, nil // a poll condition: runs again
//
// A shutdown: a path that leaves through `case <-stop:` or
// `case <-ctx.Done():` ends because the component is stopping. The next
// start works from the objects as they are then; what the failure leaves
// undone is not lost to anyone still running.

// workSetOf returns the range statement over a map, inside the function
// that makes the failing call, whose turn makes it; or nil.
func (w *walker) workSetOf() *ast.RangeStmt {
	for c := w.vals.f.cur.Parent(); c.Valid() && c.Node() != w.vals.f.fn; c = c.Parent() {
		if _, ok := c.Node().(*ast.FuncLit); ok {
			return nil
		}
		rs, ok := c.Node().(*ast.RangeStmt)
		if !ok || rs.Key == nil {
			continue
		}
		if _, isMap := typeinfo.UnderOf(w.vals.k.info, rs.X).(*types.Map); isMap && upstream.RootVar(w.vals.k.info, ast.Unparen(rs.X)) != nil {
			return rs
		}
	}
	return nil
}

// isWorkSet reports whether e denotes the map of the path's work set.
func (vf *valueFlow) isWorkSet(e ast.Expr, st pathState) bool {
	if st.workSet == nil {
		return false
	}
	x := ast.Unparen(st.workSet.X)
	e = ast.Unparen(e)
	return types.ExprString(e) == types.ExprString(x) && upstream.RootVar(vf.k.info, e) == upstream.RootVar(vf.k.info, x)
}

// noteWorkSet applies a statement to the work set: the failing turn's
// delete takes its entry out, and so does emptying or replacing the map.
func (fx *effects) noteWorkSet(node ast.Node, st *pathState) {
	if st.workSet == nil {
		return
	}
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if len(n.Args) > 0 && fx.vals.isWorkSet(n.Args[0], *st) &&
				(isBuiltin(fx.k.info, n, "clear") || isBuiltin(fx.k.info, n, "delete") && !st.turnOver) {
				st.workSet = nil
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if fx.vals.isWorkSet(l, *st) {
					st.workSet = nil
				}
			}
		}
		return st.workSet != nil
	})
}

// evalWorkSetLen decides `len(set) == 0`, `!= 0` and `> 0` for a work set
// that still holds the failed entry.
func (cd *conditions) evalWorkSetLen(e *ast.BinaryExpr, st pathState) truth.Value {
	call, ok := ast.Unparen(e.X).(*ast.CallExpr)
	if !ok || !isBuiltin(cd.k.info, call, "len") || len(call.Args) != 1 || !isZeroLit(e.Y) || !cd.vals.isWorkSet(call.Args[0], st) {
		return truth.Unknown
	}
	switch e.Op {
	case token.EQL:
		return truth.False
	case token.NEQ, token.GTR:
		return truth.True
	}
	return truth.Unknown
}

// passesWorkSetHead notes that a path leaving block b goes to the work
// set's next turn (or out of its loop): later deletes are other turns'.
func (fx *effects) passesWorkSetHead(b *cfg.Block, st *pathState) {
	if st.workSet != nil && b.Kind == cfg.KindRangeLoop && b.Stmt == st.workSet {
		st.turnOver = true
	}
}

// isShutdown reports whether block b is the body of a select case that
// receives a stop signal (`<-ctx.Done()`, `<-stopCh` of a chan struct{}),
// entered after the failure.
func (w *walker) isShutdown(b *cfg.Block) bool {
	cc, ok := b.Stmt.(*ast.CommClause)
	return b.Kind == cfg.KindSelectCaseBody && ok && w.isShutdownCase(cc)
}

// isShutdownCase reports whether cc, a select case entered after the
// failure, receives a stop signal.
func (w *walker) isShutdownCase(cc *ast.CommClause) bool {
	if cc.Comm == nil || syntax.Within(w.vals.f.call, cc) {
		return false
	}
	recv := syntax.ReceivedChannel(cc.Comm)
	if recv == nil {
		return false
	}
	ch, ok := typeinfo.UnderOf(w.vals.k.info, recv).(*types.Chan)
	if !ok {
		return false
	}
	elem, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && elem.NumFields() == 0
}

// noteCount records a counter incremented in a branch that tested the
// error (`failures++`, `errs += 1`), or a list of what failed appended to
// there (`failedNodes = append(failedNodes, name)`): a function that
// returns it, or an error when it is not zero or empty, tells its caller
// that its writes failed.
func (fx *effects) noteCount(node ast.Node, st *pathState) {
	if st.testedIn == nil {
		return
	}
	var target ast.Expr
	list := false
	switch n := node.(type) {
	case *ast.IncDecStmt:
		if n.Tok == token.INC {
			target = n.X
		}
	case *ast.AssignStmt:
		switch {
		case len(n.Lhs) != 1 || len(n.Rhs) != 1:
		case n.Tok == token.ADD_ASSIGN:
			target = n.Lhs[0]
		case n.Tok == token.ASSIGN && fx.appendsTo(n.Rhs[0], n.Lhs[0]):
			target, list = n.Lhs[0], true
		}
	}
	id, ok := ast.Unparen(target).(*ast.Ident)
	if !ok {
		return
	}
	if v, ok := fx.k.info.Uses[id].(*types.Var); ok && (list || isInteger(v.Type())) {
		st.counted = withVar(st.counted, v)
	}
}

// appendsTo reports whether value is append(to, x...) with at least one
// element given one by one: the list is not empty after it.
func (fx *effects) appendsTo(value, to ast.Expr) bool {
	call, ok := ast.Unparen(value).(*ast.CallExpr)
	if !ok || !isBuiltin(fx.k.info, call, "append") || len(call.Args) < 2 || call.Ellipsis.IsValid() {
		return false
	}
	a, b := syntax.Ident(call.Args[0]), syntax.Ident(to) // broken code may append to `&x`
	return a != nil && b != nil && fx.k.info.Uses[a] != nil && fx.k.info.Uses[a] == fx.k.info.Uses[b]
}

// returnsCount reports whether ret returns a counter of failures.
func (ex *exits) returnsCount(ret *ast.ReturnStmt, st pathState) bool {
	for _, e := range ret.Results {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if v, isVar := ex.k.info.Uses[id].(*types.Var); ok && isVar && slices.Contains(st.counted, v) {
			return true
		}
	}
	if len(ret.Results) == 0 {
		for i := range ex.f.sig.Results().Len() {
			if slices.Contains(st.counted, ex.f.sig.Results().At(i)) {
				return true
			}
		}
	}
	return false
}

func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
