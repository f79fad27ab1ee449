package model

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A health checker or monitor runs its checks in a loop that waits on a
// timer (`for { select { case <-time.After(d): c.check() } }`, a ticker,
// wait.Until): a write lost in a check is redone on the next tick, when
// the check computes it again. periodicRuns finds those loops and the
// unexported functions that only they run, directly or further down. What
// the rule gives up: a check that writes an object captured before the
// loop would resubmit it stale each tick; the loop's own call arguments
// are therefore required to hold no such object.

// periodicRuns are the package's functions that only periodic loops run,
// with the loop's period when it is a constant (upstream.NoPeriod when not),
// and the signals ticks put on work queues (see signals.go).
type periodicRuns struct {
	funcs   map[*types.Func]time.Duration
	signals []queuedSignal
}

// findPeriodicRuns finds, as a least fixed point, the unexported functions
// every reference to which is a call made on a timer's tick or from
// another such function.
//
// Calls from a package's _test.go files do not count: a test that runs a
// check once, directly, says nothing about how the program runs it.
//
// timerAt are the package's uses of timers (see isTimerUse): a reference
// can be on a tick only in a declaration that holds one, or in a function
// found to run on ticks, so the others need no cursor to be ruled out.
//
// exported, when not nil, admits an exported function too: one the whole
// program calls only from its own package.
func findPeriodicRuns(fset *token.FileSet, info *types.Info, pkg *types.Package, sites *syntax.Cursors, timerAt []token.Pos, exported func(*types.Func) bool) periodicRuns {
	runs := periodicRuns{funcs: map[*types.Func]time.Duration{}}
	var takenAt []token.Pos
	runs.signals, takenAt = runs.findSignals(info, sites, timerAt)
	timerAt = append(slices.Clip(timerAt), takenAt...)
	uses := make(map[*types.Func][]tickRef)
	for fn, ids := range tickCandidates(fset, info, pkg, exported != nil) {
		for _, id := range ids {
			if d := sites.DeclAt(id.Pos()); d != nil {
				uses[fn] = append(uses[fn], tickRef{id: id, decl: d, timed: holdsAny(d, timerAt)})
			}
		}
	}
	fns := slices.SortedFunc(maps.Keys(uses), func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	graph.Saturate(fns, func(fn *types.Func) bool {
		refs := uses[fn]
		if _, done := runs.funcs[fn]; done || !runs.mayAllBeOnTick(info, refs) || takesWork(info, sites.DeclAt(fn.Pos())) {
			return false
		}
		if fn.Exported() && (exported == nil || !exported(fn)) {
			return false // asked last: the program's call graph is built on the first question
		}
		at := make([]inspector.Cursor, len(refs))
		for i, r := range refs {
			at[i], _ = sites.At(r.id)
		}
		d, ok := runs.allOnTick(info, at)
		if ok {
			runs.funcs[fn] = d
		}
		return ok
	})
	return runs
}

// takesWork reports whether decl takes items from a client-go work queue
// (queue.Get): a worker, which the runner that starts it on a period
// (`wait.Until(c.runWorker, time.Second, stop)`) starts again only once
// the queue shuts down. What it runs is driven by the queue, not by ticks.
func takesWork(info *types.Info, decl ast.Decl) bool {
	fd, ok := decl.(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			fn := upstream.Callee(info, call)
			found = fn != nil && fn.Name() == "Get" && fn.Signature().Recv() != nil && syntax.PkgPath(fn.Pkg()) == upstream.WorkqueuePath
		}
		return !found
	})
	return found
}

// tickRef is a reference to a function, in the top-level declaration
// decl, which holds a timer use or not (timed).
type tickRef struct {
	id    *ast.Ident
	decl  ast.Decl
	timed bool
}

// mayAllBeOnTick is the cheap test before allOnTick: every reference is
// in a declaration that holds a timer use, or in a function found to run
// on ticks.
func (runs periodicRuns) mayAllBeOnTick(info *types.Info, refs []tickRef) bool {
	for _, r := range refs {
		if r.timed {
			continue
		}
		fd, ok := r.decl.(*ast.FuncDecl)
		if !ok {
			return false
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if _, ok := runs.funcs[fn]; !ok {
			return false
		}
	}
	return true
}

// holdsAny reports whether n spans one of the positions.
func holdsAny(n ast.Node, positions []token.Pos) bool {
	return slices.ContainsFunc(positions, func(p token.Pos) bool { return n.Pos() <= p && p < n.End() })
}

// tickCandidates returns the references, outside _test.go files, of each
// unexported function of pkg, and of each exported one withExported (the
// whole program then says which have no other caller). The model looks
// for them only in a package that uses a timer (useScan.timerAt):
// elsewhere no function runs on a tick.
func tickCandidates(fset *token.FileSet, info *types.Info, pkg *types.Package, withExported bool) map[*types.Func][]*ast.Ident {
	refs := map[*types.Func][]*ast.Ident{}
	for id, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if ok && fn.Pkg() == pkg && (withExported || !fn.Exported()) && !syntax.InTestFile(fset, id.Pos()) {
			refs[fn.Origin()] = append(refs[fn.Origin()], id)
		}
	}
	return refs
}

// isTimerUse reports whether obj, of another package, is one of the timer
// constructs a tick is recognized by (see upstream.TickLoop, upstream.TimerChannel
// and upstream.RunnerPeriod): time.Sleep, time.After, time.Tick, a Ticker's or
// Timer's C, a periodic runner, a cron schedule.
func isTimerUse(obj types.Object) bool {
	path := obj.Pkg().Path()
	if path == "time" {
		switch obj.Name() {
		case "Sleep", "After", "Tick", "C":
			return true
		}
		return false
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	if cronMethodNames[fn.Name()] && upstream.CronMethods[upstream.MethodKeyOf(fn)] { // the name first: a key costs more
		return true
	}
	return strings.HasSuffix(path, upstream.WaitPath) && upstream.PeriodicFuncs[upstream.FuncKeyOf(fn)]
}

// cronMethodNames are the names of upstream.CronMethods.
var cronMethodNames = func() map[string]bool {
	names := map[string]bool{}
	for k := range upstream.CronMethods {
		names[k.Name] = true
	}
	return names
}()

// allOnTick reports whether every use is the callee of a call run on a
// tick with fresh arguments, and the longest of their periods.
func (runs periodicRuns) allOnTick(info *types.Info, uses []inspector.Cursor) (time.Duration, bool) {
	var period time.Duration
	for _, use := range uses {
		call, ok := calleeCall(use)
		if !ok {
			// go wait.Until(c.sync, d, stop): the runner calls it with
			// nothing handed down.
			d, ok := periodicArg(info, use)
			if !ok {
				return 0, false
			}
			period = longer(period, d)
			continue
		}
		t, ok := runs.tickAt(info, use)
		if !ok {
			t, ok = runs.tickAfter(info, use, uses)
		}
		if !ok || !freshArgs(info, call.Node().(*ast.CallExpr), t.scope) {
			return 0, false
		}
		period = longer(period, t.period)
	}
	return period, len(uses) > 0
}

// longer returns the longer of two periods; upstream.NoPeriod wins.
func longer(a, b time.Duration) time.Duration {
	if a == upstream.NoPeriod || b == upstream.NoPeriod {
		return upstream.NoPeriod
	}
	return max(a, b)
}

// runsInPlace reports whether the literal at lit is deferred or called
// where it stands.
func runsInPlace(lit inspector.Cursor) bool {
	call, ok := lit.Parent().Node().(*ast.CallExpr)
	return ok && call.Fun == lit.Node()
}

// periodicArg reports whether the function value at use is an argument
// of a periodic runner, and the runner's period.
func periodicArg(info *types.Info, use inspector.Cursor) (time.Duration, bool) {
	arg := use
	if sel, ok := use.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == use.Node() {
		arg = use.Parent()
	}
	call, ok := arg.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == arg.Node() {
		return 0, false
	}
	return upstream.RunnerPeriod(info, call)
}

// tickAfter reports whether a run at use, not itself on a tick, is
// followed in the same function by a call of the same function on a tick
// (a check run once before its loop starts): its loss waits one period.
func (runs periodicRuns) tickAfter(info *types.Info, use inspector.Cursor, uses []inspector.Cursor) (tick, bool) {
	fn := syntax.EnclosingFuncNode(use)
	for _, other := range uses {
		if other.Node().Pos() <= use.Node().Pos() || syntax.EnclosingFuncNode(other) != fn {
			continue
		}
		if t, ok := runs.tickAt(info, other); ok {
			return tick{t.period, fn}, true
		}
	}
	return tick{}, false
}

// calleeCall returns the call whose callee the identifier at use names
// (f(...), x.f(...)); false when the function is used as a value.
func calleeCall(use inspector.Cursor) (inspector.Cursor, bool) {
	id := use.Node().(*ast.Ident)
	parent := use.Parent()
	if sel, ok := parent.Node().(*ast.SelectorExpr); ok && sel.Sel == id {
		parent = parent.Parent()
		call, ok := parent.Node().(*ast.CallExpr)
		return parent, ok && call.Fun == sel
	}
	call, ok := parent.Node().(*ast.CallExpr)
	return parent, ok && call.Fun == id
}

// freshArgs reports whether every Kubernetes object among the arguments
// of call is a variable declared in scope: read on this turn, not handed
// down from before the loop (which each tick would write stale again).
func freshArgs(info *types.Info, call *ast.CallExpr, scope ast.Node) bool {
	for _, arg := range call.Args {
		if !upstream.CarriesResourceVersion(info.TypeOf(arg)) {
			continue
		}
		v, ok := info.Uses[rootIdent(arg)].(*types.Var)
		if !ok || !syntax.Encloses(scope, v.Pos()) {
			return false
		}
	}
	return true
}

// innermostBody returns the body of the loop or function around cur.
func innermostBody(cur inspector.Cursor) ast.Node {
	switch loop := syntax.InnermostLoop(cur).(type) {
	case *ast.ForStmt:
		return loop.Body
	case *ast.RangeStmt:
		return loop.Body
	}
	if body := syntax.FuncBody(syntax.EnclosingFuncNode(cur)); body != nil {
		return body
	}
	return nil
}

// rootIdent returns the variable an object expression starts from
// (&cm, cm.DeepCopy(), c.obj), or nil.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.UnaryExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// at returns the period of the tick that runs the finding at cur, a call
// whose objects are read on that turn (declared in the tick's scope, or
// read again there before the call: reread says so), or of a tick that
// makes the same call later in the function (run once now, then on each
// tick).
func (runs periodicRuns) at(info *types.Info, cur inspector.Cursor, reread func(scope ast.Node, call *ast.CallExpr) bool) (time.Duration, bool) {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok {
		return 0, false
	}
	t, ok := runs.tickAt(info, cur)
	if !ok {
		t, ok = runs.laterTick(info, cur)
	}
	if !ok || !freshArgs(info, call, t.scope) && !reread(t.scope, call) {
		return 0, false
	}
	return t.period, true
}

// laterTick returns the tick of a later call in the same function that
// is written as the call at cur is.
func (runs periodicRuns) laterTick(info *types.Info, cur inspector.Cursor) (tick, bool) {
	fn := syntax.EnclosingFunc(cur)
	if !fn.Valid() {
		return tick{}, false
	}
	text := types.ExprString(cur.Node().(*ast.CallExpr))
	for c := range fn.Preorder((*ast.CallExpr)(nil)) {
		if c.Node().Pos() > cur.Node().Pos() && syntax.EnclosingFuncNode(c) == fn.Node() && types.ExprString(c.Node().(*ast.CallExpr)) == text {
			if t, ok := runs.tickAt(info, c); ok {
				return t, true
			}
		}
	}
	return tick{}, false
}

func asFunc(obj types.Object) *types.Func {
	fn, _ := obj.(*types.Func)
	return fn
}

// tick is where a call runs periodically: the period (upstream.NoPeriod when not
// a constant) and the scope whose variables are read afresh each turn
// (the loop's body; for a function only ticks run, the whole function,
// parameters included, since every call of it was checked fresh).
type tick struct {
	period time.Duration
	scope  ast.Node
}

// tickAt returns the tick that runs the code at cur, innermost first: a
// select case on a timer, a loop that waits on one, a literal given to a
// periodic runner, a worker's case for a signal ticks queue, or a
// function that only such loops run. A select case
// on anything else (a stop channel) is not run on a tick.
func (runs periodicRuns) tickAt(info *types.Info, cur inspector.Cursor) (tick, bool) {
	for enc := range cur.Enclosing() {
		switch n := enc.Node().(type) {
		case *ast.CommClause:
			d, ok := upstream.TimerReceive(info, n.Comm)
			if !ok {
				return tick{}, false
			}
			_, ok = upstream.TickLoop(info, syntax.InnermostLoop(enc))
			return tick{tickerPeriod(info, enc, d), innermostBody(enc)}, ok
		case *ast.ForStmt:
			if d, ok := upstream.TickLoop(info, n); ok {
				return tick{tickerPeriod(info, enc, d), n.Body}, true
			}
		case *ast.RangeStmt:
			if d, ok := upstream.TickLoop(info, n); ok {
				return tick{tickerPeriod(info, enc, d), n.Body}, true
			}
		case *ast.FuncLit:
			if runsInPlace(enc) {
				continue // deferred or called where it stands: its function's tick
			}
			d, ok := periodicLiteral(info, enc)
			return tick{d, n.Body}, ok
		case *ast.FuncDecl:
			fn, _ := info.Defs[n.Name].(*types.Func)
			d, ok := runs.funcs[fn]
			return tick{d, n}, ok
		case *ast.CaseClause:
			if t, ok := runs.signalCase(info, enc); ok {
				return t, true
			}
		}
	}
	return tick{}, false
}

// periodicLiteral reports whether the literal at lit is given to a
// periodic runner (wait.Until(func() {...}, d, stop)), directly or through
// the variable it is bound to and used only there
// (`job := func() {...}; c.AddFunc("@every 1h", job)`), and its period.
func periodicLiteral(info *types.Info, lit inspector.Cursor) (time.Duration, bool) {
	if as, ok := lit.Parent().Node().(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
		return boundLiteralPeriod(info, lit, as.Lhs[0])
	}
	call, ok := lit.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == lit.Node() {
		return 0, false
	}
	return upstream.RunnerPeriod(info, call)
}

// boundLiteralPeriod is periodicLiteral for a literal bound to lhs: its
// variable's one use in the function must be a periodic runner's argument.
func boundLiteralPeriod(info *types.Info, lit inspector.Cursor, lhs ast.Expr) (time.Duration, bool) {
	id, ok := lhs.(*ast.Ident)
	v, _ := info.ObjectOf(id).(*types.Var)
	fn := syntax.EnclosingFunc(lit.Parent())
	if !ok || v == nil || !fn.Valid() {
		return 0, false
	}
	var use inspector.Cursor
	n := 0
	for c := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[c.Node().(*ast.Ident)] == v {
			use, n = c, n+1
		}
	}
	if n != 1 {
		return 0, false
	}
	call, ok := use.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == use.Node() {
		return 0, false
	}
	return upstream.RunnerPeriod(info, call)
}

// tickerPeriod returns d, or, when d is not a constant and the tick at
// cur is a Ticker's or Timer's channel t.C, the constant period t was made
// with in the function (t := time.NewTicker(12 * time.Hour)).
func tickerPeriod(info *types.Info, cur inspector.Cursor, d time.Duration) time.Duration {
	if d != upstream.NoPeriod {
		return d
	}
	fn := syntax.EnclosingFunc(cur)
	if !fn.Valid() {
		return d
	}
	tickers := map[*types.Var]time.Duration{}
	for c := range fn.Preorder((*ast.AssignStmt)(nil)) {
		as := c.Node().(*ast.AssignStmt)
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		v, _ := info.ObjectOf(rootIdent(as.Lhs[0])).(*types.Var)
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if v == nil || !ok || len(call.Args) != 1 || !(upstream.IsCallTo(info, call, upstream.FuncKey{Pkg: "time", Name: "NewTicker"}) || upstream.IsCallTo(info, call, upstream.FuncKey{Pkg: "time", Name: "NewTimer"})) {
			continue
		}
		if _, seen := tickers[v]; seen {
			tickers[v] = upstream.NoPeriod // made twice: not one period
			continue
		}
		tickers[v] = upstream.ConstPeriod(info, call.Args[0])
	}
	for c := range cur.Preorder((*ast.SelectorExpr)(nil)) {
		sel := c.Node().(*ast.SelectorExpr)
		if v, ok := info.Uses[rootIdent(sel.X)].(*types.Var); ok && sel.Sel.Name == "C" {
			if p, ok := tickers[v]; ok {
				return p
			}
		}
	}
	return d
}
