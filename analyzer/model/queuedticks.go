package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A controller may run its own event loop: informer handlers and a ticker
// put events on a queue the project holds (a cache.FIFO, a work queue, a
// channel), and workers take them off and dispatch them by type
// (postgres-operator: each resync period a ticker lists every cluster and
// queues a sync event for each; the worker's switch on the event's type
// runs the cluster's Sync for it). What the dispatch runs for the tick's
// items runs again on every tick for every listed object, and so does
// what those functions call on their main line: a change lost there is
// redone on the next tick. The program view finds them, since the tick,
// the queue, the worker and the writes are seldom in one package.
//
// What counts, and why:
//   - the tick puts the items inside a range over Kubernetes objects that
//     the tick's own calls hold (a list read on that tick, not a slice kept
//     from before): each object gets its item;
//   - an item's field set from constants along the tick's calls
//     (`event = EventSync; c.queueEvents(list, event)`) selects the
//     dispatch's branches: a switch case or an if branch on that field
//     runs when one of the tick's values takes it;
//   - a call runs on each tick only on its function's main line: behind a
//     branch that is not the dispatch's it may not (`if len(spec) !=
//     len(seen) { c.syncStreams() }` is an edge the first run closes),
//     except both sides of a test of the object's deletion, which is the
//     same on every tick of the object's life stage;
//   - a helper call's lost change is the helper's own only when it is not
//     handed an object of the kind it writes: handed one, the change was
//     made by the caller, and the tick hands the helper another.

// maxTickDepth bounds the calls followed from a tick to its queue and
// from a worker to its dispatch.
const maxTickDepth = 8

// queuedTicks are what the program's own event loops run on each tick:
// functions, and the calls of the workers' dispatch (by position, since a
// function that dispatches runs only some of its calls on a tick).
type queuedTicks struct {
	funcs map[FuncID]time.Duration
	sites map[token.Position]time.Duration
}

// run returns the period of the tick that runs the change lost at pos in
// fn again, or in helper (nil: none) when handedKind is false.
func (q *queuedTicks) run(fn *types.Func, pos token.Position, helper *types.Func, handedKind bool) (time.Duration, bool) {
	if d, ok := q.sites[pos]; ok {
		return d, true
	}
	if d, ok := q.funcs[FuncIDOf(fn)]; ok {
		return d, true
	}
	if helper != nil && !handedKind {
		d, ok := q.funcs[FuncIDOf(helper)]
		return d, ok
	}
	return 0, false
}

// declOf is a function's declaration and its package's type information.
type declOf struct {
	decl *ast.FuncDecl
	info *types.Info
	fset *token.FileSet
}

// queuedItem is what a tick puts on a queue: the item's type and the
// values of its fields set from constants.
type queuedItem struct {
	queue  *types.Var
	typ    types.Type
	fields map[string][]constant.Value
	period time.Duration
}

// tickFinder gathers the queued ticks of the program.
type tickFinder struct {
	pkgs  []ProgramPackage
	decls map[*types.Func]declOf
	items []queuedItem
	seen  map[*types.Func]bool // the functions one tick's walk has entered
	ticks queuedTicks
	fresh []FuncID // functions found to run on ticks whose calls are not yet walked
	// decided is set once a worker's branch is taken or left for the
	// items' type or field values.
	decided bool
}

// findQueuedTicks returns what the program's own event loops run on each
// tick. Only packages that use a timer are looked at for ticks, and
// workers only when a tick queues.
func findQueuedTicks(pkgs []ProgramPackage) *queuedTicks {
	f := newTickFinder(pkgs)
	for _, pkg := range pkgs {
		f.findTicks(pkg)
	}
	if len(f.items) == 0 {
		return &f.ticks
	}
	for _, pkg := range pkgs {
		f.findWorkers(pkg)
	}
	f.closeOverMainLines()
	return &f.ticks
}

func newTickFinder(pkgs []ProgramPackage) *tickFinder {
	return &tickFinder{pkgs: pkgs, ticks: queuedTicks{funcs: map[FuncID]time.Duration{}, sites: map[token.Position]time.Duration{}}}
}

// declsOf maps every function of the program to its declaration, on the
// first need.
func (f *tickFinder) declsOf() map[*types.Func]declOf {
	if f.decls == nil {
		f.decls = map[*types.Func]declOf{}
		for _, pkg := range f.pkgs {
			for fn, decl := range syntax.FuncDecls(pkg.Info, pkg.Files) {
				f.decls[fn] = declOf{decl, pkg.Info, pkg.Fset}
			}
		}
	}
	return f.decls
}

// findTicks follows each tick of pkg to the items it queues.
func (f *tickFinder) findTicks(pkg ProgramPackage) {
	cursors := syntax.NewCursors(pkg.Files)
	for id, obj := range pkg.Info.Uses {
		if obj.Pkg() == nil || !isTimerUse(obj) {
			continue
		}
		cur, ok := cursors.At(id)
		if !ok {
			continue
		}
		if body, x, period, ok := f.tickBody(pkg.Info, cur); ok && x.fn != nil {
			f.seen = map[*types.Func]bool{}
			f.queues(x, body, false, period, 0)
		}
	}
}

// valueFrame is a function on a tick's way: its declaration (or literal)
// and the constant values its parameters were handed.
type valueFrame struct {
	info *types.Info
	fn   ast.Node
	bind map[*types.Var][]constant.Value
}

// queues walks body, run on a tick (listed: for each of a list of
// objects), for the items it puts on queues, following its calls.
func (f *tickFinder) queues(x valueFrame, body ast.Node, listed bool, period time.Duration, depth int) {
	ranges := objectRanges(x, body)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			if q := queueVar(x.info, n.Chan); q != nil && (listed || within(ranges, n)) {
				f.put(x, q, n.Value, period)
			}
		case *ast.CallExpr:
			f.queuesAtCall(x, n, listed || within(ranges, n), period, depth)
		}
		return true
	})
}

// queuesAtCall notes the item a queue's Add puts, or follows the call.
func (f *tickFinder) queuesAtCall(x valueFrame, call *ast.CallExpr, listed bool, period time.Duration, depth int) {
	fn := upstream.Callee(x.info, call)
	if fn == nil {
		return
	}
	if upstream.QueueOpOf(fn) == upstream.QueuePut {
		if q := receiverQueue(x.info, call); q != nil && listed && len(call.Args) > 0 {
			f.put(x, q, call.Args[0], period)
		}
		return
	}
	d, ok := f.declsOf()[fn.Origin()]
	if !ok || depth >= maxTickDepth || f.seen[fn.Origin()] {
		return
	}
	f.seen[fn.Origin()] = true
	child := valueFrame{info: d.info, fn: d.decl, bind: bindArgs(x, d, call)}
	f.queues(child, d.decl.Body, listed, period, depth+1)
}

// receiverQueue returns what holds the queue whose method call calls.
func receiverQueue(info *types.Info, call *ast.CallExpr) *types.Var {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return queueVar(info, sel.X)
}

// queueVar returns the variable or field that holds the queue e names,
// through dereferences and indexes (`(*c.queues[worker])`).
func queueVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return heldBy(info, x)
		}
	}
}

// put notes an item queued on a tick.
func (f *tickFinder) put(x valueFrame, q *types.Var, item ast.Expr, period time.Duration) {
	fields := map[string][]constant.Value{}
	if lit := itemLiteral(x, item); lit != nil {
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, isID := kv.Key.(*ast.Ident)
			if vals, known := x.values(kv.Value); isID && known {
				fields[key.Name] = vals
			}
		}
	}
	f.items = append(f.items, queuedItem{queue: q, typ: x.info.TypeOf(item), fields: fields, period: period})
}

// itemLiteral returns the composite literal item is, or the one a local
// variable holding it was defined by and never assigned again.
func itemLiteral(x valueFrame, item ast.Expr) *ast.CompositeLit {
	item = upstream.StripAddr(ast.Unparen(item))
	if lit, ok := item.(*ast.CompositeLit); ok {
		return lit
	}
	id, ok := item.(*ast.Ident)
	v, _ := x.info.Uses[id].(*types.Var)
	if !ok || v == nil {
		return nil
	}
	var lit *ast.CompositeLit
	n := 0
	forEachAssign(x.fn, func(lhs *ast.Ident, rhs ast.Expr, single bool) {
		if x.info.ObjectOf(lhs) == v {
			n++
			lit, _ = upstream.StripAddr(ast.Unparen(rhs)).(*ast.CompositeLit)
		}
	})
	if n != 1 {
		return nil
	}
	return lit
}
