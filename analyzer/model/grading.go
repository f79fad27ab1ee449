package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"
	"time"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Grading grades the package's findings: how long a lost write leaves the
// cluster wrong, on the package's evidence of healing, and which grades
// the run reports. It reads the model's writes and reads (res) to tell
// a tick loop that re-reads.
type Grading struct {
	res     *Result
	info    *types.Info
	healing healing          // what redoes a lost write
	gate    consequence.Gate // the grades to report (empty: all)
	// program grades from the whole program's evidence a write the
	// package's leaves lost; nil where the driver has no program in view.
	program upstream.ProgramGrader
	// calls and cursors are the package's resolved calls, for the edge
	// test's callers (edgeguard.go) and CallSites; cursorsMu guards the
	// cursors' inspectors, built on first use while checks grade at once.
	calls     []call
	cursors   *syntax.Cursors
	cursorsMu sync.Mutex
	fset      *token.FileSet
}

// Admits reports whether the run reports findings of grade g.
func (g *Grading) Admits(grade consequence.Grade) bool { return g.gate.Admits(grade) }

// Consequence grades a finding at cur, a write or helper call whose
// Conflict has fate f, of an object of type kind.
func (g *Grading) Consequence(cur inspector.Cursor, kind types.Type, f fate.Fate) consequence.Evidence {
	switch f {
	case fate.Unknown:
		return consequence.Evidence{Grade: consequence.Unknown}
	case fate.Fatal, fate.Surfaced, fate.Answered:
		if f == fate.Fatal && g.program != nil && !g.program.ManagerStopEndsProgram() {
			if _, end := g.res.tracer.FatalEnd(cur); end == fate.StopsManager {
				return consequence.Evidence{Grade: consequence.Lost} // the program runs on, its controllers stopped
			}
		}
		return consequence.Evidence{Grade: consequence.Reported, ToClient: f == fate.Answered}
	}
	e := consequence.Evidence{Grade: consequence.Lost}
	if onGonePath(g.info, cur) || afterFinalizerRemoval(g.info, cur) {
		return e // cleanup after a deletion: nothing of the object comes again
	}
	if memoSkipsRerun(g.info, cur) || runsOnce(g.info, cur) {
		return e // the next run returns before the write (memo.go), or passes its Once by (once.go)
	}
	if e = g.healed(cur, kind); e.Grade != consequence.Lost && g.edgeSkipsRerun(cur, kind) {
		return consequence.Evidence{Grade: consequence.Lost} // the next run skips the write (edgeguard.go)
	}
	return e
}

// Fated grades a finding at cur, whose Conflict has fate f, by where the
// change ends. Requeued or retried where it fails, or returned by a
// Reconcile, a loop reads the object again and redoes it: `requeued`, the
// mildest grade. Handed to the caller of any other function: no grade, as
// the caller may requeue it or exit with it, which the package cannot
// tell. Otherwise by Consequence.
func (g *Grading) Fated(cur inspector.Cursor, kind types.Type, f fate.Fate) consequence.Evidence {
	switch {
	case f == fate.Handled || f == fate.Retried || f.HandsOn() && g.inReconcile(cur):
		return consequence.Evidence{Grade: consequence.Requeued}
	case f.HandsOn():
		return consequence.Evidence{}
	}
	return g.Consequence(cur, kind, f)
}

// inReconcile reports whether the function declared around cur (not a
// literal inside it) returns a controller-runtime reconcile.Result.
func (g *Grading) inReconcile(cur inspector.Cursor) bool {
	fd, ok := syntax.EnclosingFuncNode(cur).(*ast.FuncDecl)
	if !ok || g.info == nil {
		return false
	}
	fn, _ := g.info.Defs[fd.Name].(*types.Func)
	return fn != nil && fate.ReturnsReconcileResult(fn.Signature())
}

// healed grades a lost write at cur of an object of type kind by what
// runs it again: the owner's watches and periods, the program's callers,
// a periodic run around it.
func (g *Grading) healed(cur inspector.Cursor, kind types.Type) consequence.Evidence {
	e := consequence.Evidence{Grade: consequence.Lost}
	onEvent := !rateLimited(g.info, cur)
	if owner := g.ownerAt(cur); owner != nil {
		e = g.healing.gradeRequeued(owner, kindKey(namedOf(kind)), onEvent, g.healing.tailPeriod(g.info, cur), g.runsAt(cur, kind))
	}
	if fn := g.funcAt(cur); e.Grade == consequence.Lost && g.program != nil && fn != nil {
		e = g.program.Grade(fn, kindKey(namedOf(kind)), onEvent)
	}
	if fn := g.funcAt(cur); e.Grade == consequence.Lost && g.program != nil && fn != nil {
		if d, ok := g.queuedTick(cur, fn, kind); ok {
			e = consequence.Evidence{Grade: consequence.UntilResync, Period: max(d, 0)}
		}
	}
	if e.Grade != consequence.Lost && e.Grade != consequence.UntilResync {
		return e
	}
	if d, ok := g.healing.periodic.at(g.info, cur, g.rereadIn); ok && (e.Grade == consequence.Lost || d > 0 && (e.Period == 0 || d < e.Period)) {
		e = consequence.Evidence{Grade: consequence.UntilResync, Period: max(d, 0)}
	}
	return e
}

// runsAt returns whether a dispatched watch's worker (see
// dispatchedwatch.go) runs the lost change at cur again.
func (g *Grading) runsAt(cur inspector.Cursor, kind types.Type) func(*queuedTicks) bool {
	return func(q *queuedTicks) bool {
		call, ok := cur.Node().(*ast.CallExpr)
		fn := g.funcAt(cur)
		if !ok || fn == nil || g.fset == nil {
			return false
		}
		_, runs := q.run(fn, g.fset.Position(call.Pos()), upstream.Callee(g.info, call), handsKind(g.info, call, kind))
		return runs
	}
}

// handsKind reports whether call is handed an object of type kind.
func handsKind(info *types.Info, call *ast.CallExpr, kind types.Type) bool {
	written := namedOf(kind)
	return written != nil && slices.ContainsFunc(call.Args, func(arg ast.Expr) bool { return namedOf(info.TypeOf(arg)) == written })
}

// queuedTick asks the program whether its own event loop runs the lost
// change at cur, in fn, again on each tick (see queuedticks.go).
func (g *Grading) queuedTick(cur inspector.Cursor, fn *types.Func, kind types.Type) (time.Duration, bool) {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok || g.fset == nil {
		return 0, false
	}
	return g.program.QueuedTick(fn, g.fset.Position(call.Pos()), upstream.Callee(g.info, call), handsKind(g.info, call, kind))
}

// grade is the consequence of a lost write of kind in a method of owner;
// onEvent is false when an event that runs the method may still skip the
// write.
func (h *healing) grade(owner *types.TypeName, kind string, onEvent bool, runs func(*queuedTicks) bool) consequence.Evidence {
	return h.gradeRequeued(owner, kind, onEvent, 0, runs)
}

// gradeRequeued is grade for a write that a requeue after tail also
// redoes (0: none), the write being in the tail of owner's Reconcile.
// runs reports whether a dispatched watch's worker runs the write.
func (h *healing) gradeRequeued(owner *types.TypeName, kind string, onEvent bool, tail time.Duration, runs func(*queuedTicks) bool) consequence.Evidence {
	for _, w := range h.watches[kind] {
		if onEvent && w.owner == owner && !w.filtered && (w.runs == nil || runs(w.runs)) {
			return consequence.Evidence{Grade: consequence.UntilEvent}
		}
	}
	period := shorterPeriod(shorterPeriod(h.requeues[owner], tail), h.ownResync[owner])
	if h.resynced[owner] {
		period = shorterPeriod(period, h.resyncFor(owner))
	}
	if period != 0 {
		return consequence.Evidence{Grade: consequence.UntilResync, Period: max(period, 0)}
	}
	return consequence.Evidence{Grade: consequence.Lost}
}

// resyncFor returns the default resync period that reaches owner's
// informers.
func (h *healing) resyncFor(owner *types.TypeName) time.Duration {
	if h.resyncOf == nil {
		return h.resync
	}
	if owner == nil || owner.Pkg() == nil {
		return 0
	}
	return h.resyncOf(owner.Pkg().Path())
}

// shorterPeriod returns the shorter of two healing periods: 0 is none, and
// a known constant beats one read at run time (upstream.NoPeriod).
func shorterPeriod(a, b time.Duration) time.Duration {
	switch {
	case a <= 0 && b != 0:
		return b
	case b <= 0:
		return a
	}
	return min(a, b)
}

// rateLimited reports whether the function around cur compares times
// before cur (`if now.Before(c.lastCheck.Add(interval)) { return nil }`):
// a write made at most once per interval is not redone by the next event,
// only once the interval has passed.
func rateLimited(info *types.Info, cur inspector.Cursor) bool {
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		limited := false
		ast.Inspect(enc.Node(), func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && call.Pos() < cur.Node().Pos() && isTimeComparison(info, call) {
				limited = true
			}
			return !limited
		})
		return limited
	}
	return false
}

// isTimeComparison reports whether call compares a time with another:
// (time.Time).Before or After, time.Since or time.Until.
func isTimeComparison(info *types.Info, call *ast.CallExpr) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		return upstream.IsTimeType(recv.Type(), "Time") && (fn.Name() == "Before" || fn.Name() == "After")
	}
	return fn.Name() == "Since" || fn.Name() == "Until"
}

// ownerAt returns the receiver type of the method around cur.
func (g *Grading) ownerAt(cur inspector.Cursor) *types.TypeName {
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl := enc.Node().(*ast.FuncDecl)
		if decl.Recv == nil || len(decl.Recv.List) == 0 || g.info == nil {
			return nil
		}
		return namedOf(g.info.TypeOf(decl.Recv.List[0].Type))
	}
	return nil
}

// funcAt returns the function declared around cur.
func (g *Grading) funcAt(cur inspector.Cursor) *types.Func {
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		if g.info == nil {
			return nil
		}
		fn, _ := g.info.Defs[enc.Node().(*ast.FuncDecl).Name].(*types.Func)
		return fn
	}
	return nil
}

// rereadIn reports whether the object call writes is read again in scope
// before call (a tick loop that Gets into an object it was handed).
func (g *Grading) rereadIn(scope ast.Node, call *ast.CallExpr) bool {
	w := g.res.WriteAt(call)
	if w == nil {
		return false
	}
	for _, rd := range g.res.ReadsOf(w.Object, scope) {
		if rd.Node.Pos() < call.Pos() {
			return true
		}
	}
	return false
}
