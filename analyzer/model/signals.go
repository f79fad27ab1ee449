package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A ticker may run a pass through the controller's own work queue: it
// adds a signal (`case <-ticker.C: c.events.Add(&repairEndpoints{})`),
// and the worker that takes items from the queue dispatches it by type
// (`switch ev := item.(type) { case *repairEndpoints: c.repair(ctx) }`).
// The case then runs on every tick, as a loop's body would (linkerd2's
// service mirror). Only a case that does not read the signal counts: a
// signal that carries a name or an object runs the pass for that one
// only, which need not be the one whose write was lost.

// queuedSignal is an item a tick adds to a work queue: the variable or
// field holding the queue, the item's type, and the tick's period.
type queuedSignal struct {
	queue  *types.Var
	item   types.Type
	period time.Duration
}

// findSignals returns the items that ticks add to work queues, and, when
// there are any, where the package takes items from a work queue (the
// declarations that may dispatch a signal).
func (runs periodicRuns) findSignals(info *types.Info, sites *syntax.Cursors, timerAt []token.Pos) ([]queuedSignal, []token.Pos) {
	var signals []queuedSignal
	var takenAt []token.Pos
	for id, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != upstream.WorkqueuePath || fn.Signature().Recv() == nil {
			continue
		}
		switch fn.Name() {
		case "Get":
			takenAt = append(takenAt, id.Pos())
		case "Add":
			if d := sites.DeclAt(id.Pos()); d != nil && holdsAny(d, timerAt) {
				if s, ok := runs.signalAdded(info, sites, id); ok {
					signals = append(signals, s)
				}
			}
		}
	}
	if len(signals) == 0 {
		return nil, nil
	}
	return signals, takenAt
}

// signalAdded reports whether the Add method named by id is called on a
// tick, on a queue held by a variable or field, and what it adds.
func (runs periodicRuns) signalAdded(info *types.Info, sites *syntax.Cursors, id *ast.Ident) (queuedSignal, bool) {
	cur, ok := sites.At(id)
	if !ok {
		return queuedSignal{}, false
	}
	sel, ok := cur.Parent().Node().(*ast.SelectorExpr)
	if !ok {
		return queuedSignal{}, false
	}
	call, ok := cur.Parent().Parent().Node().(*ast.CallExpr)
	queue := heldBy(info, sel.X)
	if !ok || call.Fun != sel || len(call.Args) != 1 || queue == nil {
		return queuedSignal{}, false
	}
	t, ok := runs.tickAt(info, cur)
	if !ok {
		return queuedSignal{}, false
	}
	return queuedSignal{queue: queue, item: info.TypeOf(call.Args[0]), period: t.period}, true
}

// heldBy returns the variable or field an expression reads (q, c.queue).
func heldBy(info *types.Info, e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.Uses[x.Sel].(*types.Var)
		return v
	}
	return nil
}

// signalCase returns the tick that runs the type switch case at clause:
// the switch takes an item from a work queue that ticks add the case's
// one type to, and the case does not read the item. The case is the
// scope read afresh on each tick.
func (runs periodicRuns) signalCase(info *types.Info, clause inspector.Cursor) (tick, bool) {
	cc := clause.Node().(*ast.CaseClause)
	if len(runs.signals) == 0 || len(cc.List) != 1 {
		return tick{}, false
	}
	ts, ok := clause.Parent().Parent().Node().(*ast.TypeSwitchStmt)
	if !ok || readsImplicit(info, cc) {
		return tick{}, false
	}
	queue := takenFrom(info, clause, switchSubject(ts))
	item := info.TypeOf(cc.List[0])
	period, found := time.Duration(0), false
	for _, s := range runs.signals {
		if queue != nil && s.queue == queue && item != nil && types.Identical(s.item, item) {
			period = shorterPeriod(period, s.period)
			found = true
		}
	}
	return tick{period, cc}, found
}

// readsImplicit reports whether the case reads the variable the type
// switch declares for it.
func readsImplicit(info *types.Info, cc *ast.CaseClause) bool {
	v := info.Implicits[cc]
	if v == nil {
		return false
	}
	reads := false
	for _, stmt := range cc.Body {
		ast.Inspect(stmt, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
				reads = true
			}
			return !reads
		})
	}
	return reads
}

// switchSubject returns the variable a type switch is on (item in
// `switch ev := item.(type)`), or nil.
func switchSubject(ts *ast.TypeSwitchStmt) *ast.Ident {
	var x ast.Expr
	switch a := ts.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			x = a.Rhs[0]
		}
	case *ast.ExprStmt:
		x = a.X
	}
	ta, ok := x.(*ast.TypeAssertExpr)
	if !ok {
		return nil
	}
	id, _ := ast.Unparen(ta.X).(*ast.Ident)
	return id
}

// takenFrom returns the queue the variable id names was set from, when
// its one assignment in the function around at is a work queue's Get
// (`item, quit := c.queue.Get()`).
func takenFrom(info *types.Info, at inspector.Cursor, id *ast.Ident) *types.Var {
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	fn := syntax.EnclosingFunc(at)
	if !ok || !fn.Valid() {
		return nil
	}
	var queue *types.Var
	sets := 0
	for c := range fn.Preorder((*ast.AssignStmt)(nil)) {
		as := c.Node().(*ast.AssignStmt)
		for _, lhs := range as.Lhs {
			if lid, ok := lhs.(*ast.Ident); !ok || info.ObjectOf(lid) != v {
				continue
			}
			sets++
			queue = queueGet(info, as)
		}
	}
	if sets != 1 {
		return nil
	}
	return queue
}

// queueGet returns the queue of `item, quit := q.Get()`, or nil.
func queueGet(info *types.Info, as *ast.AssignStmt) *types.Var {
	if len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	fn := upstream.Callee(info, call)
	if !ok || fn == nil || fn.Name() != "Get" || fn.Pkg() == nil || fn.Pkg().Path() != upstream.WorkqueuePath {
		return nil
	}
	return heldBy(info, sel.X)
}
