package fate

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/pathwalk"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The fate of a failure, path by path.
//
// A write's failure is followed through the control-flow graph of the
// function that makes it, from the write to every exit, under one
// assumption: the write failed with Conflict. On that assumption a test of
// the error is decided where it can be (err != nil holds, IsConflict holds,
// IsNotFound does not), and each path is judged by the best thing it does
// with the failure: returns it (or another error that cannot be nil),
// requeues, goes round a loop that writes the object again, surfaces it to a
// test, hands it to code out of view, or only logs, swallows or drops it,
// or ends the program. The verdict is the worst path's.

// walkBudget bounds the graph nodes one walk may visit; a walk that needs
// more (a huge function with many independent branches) gives up silently.
const walkBudget = 20000

// walker runs one walk: it visits the paths from the failing call and
// keeps their verdicts. What a statement, a condition or a return does
// with the failure it asks its parts (see walkparts.go).
type walker struct {
	vals  *valueFlow
	cd    conditions
	fx    effects
	ex    exits
	g     *cfg.CFG
	ends  []pathEnd // verdicts of paths that reached an exit
	stops []Fate    // paths that moved on to another object before an exit
	// retryLoop is set when a path came back to the failing call with the
	// same object: the loop around it retries, so leaving it after going
	// round (the attempts ran out) is the loop's verdict, not a loss.
	retryLoop bool
	// calledAgain is set when a path reached the failing call's twin (see
	// again.go).
	calledAgain bool
	handingOn   []*ast.ReturnStmt // the returns that hand the failure on (see companionsOf)
	// unknown is why the walk's verdict is Unknown, when it is.
	unknown *Undecided
	// fatal is the first call that ended a path as Fatal (log.Fatalf,
	// panic), or nil.
	fatal *ast.CallExpr
	// outer, when set, is what becomes of the failure once the literal
	// being walked hands it on: the literal is called in place, and its
	// caller's walk decided it (see calledInPlace).
	outer *Fate
}

type pathEnd struct {
	fate      Fate
	looped    bool
	undecided *Undecided // set when the path's loss would rest on something the walk could not decide
}

func (w *walker) end(f Fate, st pathState) {
	if w.outer != nil && f.HandsOn() {
		f = max(st.best, *w.outer)
	}
	w.ends = append(w.ends, pathEnd{fate: f, looped: st.looped, undecided: w.undecidedOf(st)})
}

// walkItem is a path of the walk, at a node of the graph.
type walkItem = pathwalk.Point[pathState]

// run walks every path from the failing call and returns the worst verdict.
func (w *walker) run() Fate {
	start, index := nodeOf(w.g, w.vals.f.cur)
	if start == nil {
		return HandedOff
	}
	st := w.knownBefore()
	st.workSet = w.workSetOf()
	st.pending = w.pendingOf()
	if ended, fate := w.startAt(start.Nodes[index], &st); ended {
		return w.runnerFate(fate)
	}
	paths := pathwalk.Walker[pathState, string]{Key: pathState.key, Step: w.step, Budget: walkBudget}
	if !paths.Walk(walkItem{Block: start, Index: index + 1, State: st}) {
		return HandedOff
	}
	if len(w.ends) > 0 {
		return w.verdict()
	}
	if len(w.stops) > 0 {
		return slices.Min(w.stops)
	}
	return HandedOff
}

// verdict returns the worst of the paths' verdicts. A loss on a path that
// went through a test the walk could not decide is proven only when every
// path loses the failure (whichever way the test goes); otherwise it is
// Unknown.
func (w *walker) verdict() Fate {
	fates := make([]Fate, len(w.ends))
	allLost := true
	for i, e := range w.ends {
		f := e.fate
		if e.looped && w.retryLoop {
			f = max(f, Retried)
		}
		if !w.retryLoop {
			f = w.runnerFate(f)
		}
		fates[i] = f
		// a result without a fact leaves the path's own loss open,
		// whichever way the tests went
		allLost = allLost && f.Lost() && (e.undecided == nil || e.undecided.Reason != ResultWithoutFact)
	}
	worst := Returned
	for i, e := range w.ends {
		f := fates[i]
		if f.Lost() && e.undecided != nil && !allLost {
			f = Unknown // a loss, but only behind a test the walk could not decide
			if w.unknown == nil {
				w.unknown = e.undecided
			}
		}
		worst = min(worst, f)
	}
	if worst != Unknown {
		w.unknown = nil
	}
	return worst
}

// startAt applies the failing call's own statement to st: where its error
// goes first. It reports whether the path already ends there.
func (w *walker) startAt(node ast.Node, st *pathState) (bool, Fate) {
	u := w.vals.t.climb(w.vals.f.cur, node)
	if u.consumed {
		st.improve(u.event)
		if u.event == Fatal {
			w.fatal = w.vals.t.fatalCallAbove(w.vals.f.cur, node)
			return true, Fatal
		}
		return false, 0
	}
	switch s := u.stmt.(type) {
	case *ast.ReturnStmt:
		if w.ex.returnsFailure(s, u.value) {
			w.noteReturn(s, Returned)
			return true, w.endFate(Returned, *st)
		}
	case *ast.AssignStmt, *ast.ValueSpec:
		w.fx.assign(s, st, u.value)
	}
	return false, 0
}

// step processes the node at it and returns the items to explore next.
func (w *walker) step(it walkItem) []walkItem {
	b, st := it.Block, it.State
	if it.Index >= len(b.Nodes) {
		return w.successors(b, st)
	}
	node := b.Nodes[it.Index]
	if syntax.Within(w.vals.f.call, node) {
		w.revisit(st)
		return nil
	}
	if w.vals.f.selfReading && w.vals.f.loop == nil && w.vals.callsAgain(node) {
		w.calledAgain = true
		w.end(w.againFate(node, st), st)
		return nil
	}
	if ret, ok := node.(*ast.ReturnStmt); ok {
		w.fx.noteRetries(ret, &st)
		if cur, ok := w.vals.f.fnCur.FindNode(ret); ok {
			w.fx.noteRewrites(cur, &st) // return c.Update(ctx, obj)
		}
		if st.undecided == nil && w.ex.returnsUnanswered(ret) {
			st.undecided = ret // what the call's result asks for is not known
		}
		f := w.endFate(w.ex.returnFate(ret, st), st)
		w.noteReturn(ret, f)
		w.end(f, st)
		return nil
	}
	if it.Index == len(b.Nodes)-1 && len(b.Succs) == 2 {
		if cond, ok := node.(ast.Expr); ok && isCondition(w.vals.k.info, cond) {
			items := w.cd.branch(b, cond, st)
			for i := range items {
				w.passesAgain(items[i].Block, &items[i].State)
			}
			return items
		}
	}
	if ended := w.apply(node, &st); ended {
		return nil
	}
	return []walkItem{{Block: b, Index: it.Index + 1, State: st}}
}

// successors continues a path past the end of block b.
func (w *walker) successors(b *cfg.Block, st pathState) []walkItem {
	if len(b.Succs) == 0 {
		if b.Kind == cfg.KindSelectAfterCase && w.selectGoesOn(b.Stmt) {
			return nil // go/cfg's dead end: the select waits for a case, walked on its own
		}
		w.end(w.endFate(st.best, st), st)
		return nil
	}
	if b.Kind == cfg.KindRangeLoop && !rangesOverChannel(w.vals.k.info, b.Stmt) {
		st.redefined = true // the next turn works on the next element
	}
	if b.Kind == cfg.KindRangeLoop {
		w.rangeOverFailures(b.Stmt, &st)
	}
	w.fx.passesWorkSetHead(b, &st)
	w.fx.passesPendingHeads(b, &st)
	out := make([]walkItem, 0, len(b.Succs))
	for _, s := range b.Succs {
		if w.isShutdown(s) {
			continue // the component is stopping: nothing is lost to it
		}
		next := st
		w.passesAgain(s, &next)
		if w.vals.f.loop != nil && s.Stmt == w.vals.f.loop && loopHeads[s.Kind] {
			next.looped = true
		}
		if next.testedIn != nil && !syntax.Within(s.Stmt, next.testedIn) {
			next.testedIn = nil
		}
		if next.undecided == nil && s.Kind == cfg.KindSwitchCaseBody && w.cd.typeSwitchOnCarrier(s.Stmt, st) {
			next.undecided = s.Stmt // which case a failure's dynamic type takes is not known
		}
		out = append(out, walkItem{Block: s, State: next})
	}
	return out
}

// selectGoesOn reports whether the select whose last case is last (one
// without default) has a case other than a stop signal: the program waits
// in it until a case is ready, so a path never leaves past its last case,
// and its cases' paths decide. A select of stop signals only waits for the
// end, which loses the failure like falling off the function.
func (w *walker) selectGoesOn(last ast.Stmt) bool {
	var sel *ast.SelectStmt
	ast.Inspect(w.vals.f.fn, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectStmt); ok && len(s.Body.List) > 0 && s.Body.List[len(s.Body.List)-1] == last {
			sel = s
		}
		return sel == nil
	})
	if sel == nil {
		return false
	}
	for _, c := range sel.Body.List {
		if cc := c.(*ast.CommClause); !w.isShutdownCase(cc) {
			return true
		}
	}
	return false
}

// rangeOverFailures makes the element of `for _, e := range errs` a
// carrier when errs holds the failure: e is the failure, or a sibling
// failure that stands for it (as errs[i] does, see climb).
func (w *walker) rangeOverFailures(stmt ast.Stmt, st *pathState) {
	rs, ok := stmt.(*ast.RangeStmt)
	if !ok || rs.Value == nil || !w.vals.carries(rs.X, *st) {
		return
	}
	id, ok := ast.Unparen(rs.Value).(*ast.Ident)
	if !ok {
		return
	}
	if v, ok := w.vals.k.info.ObjectOf(id).(*types.Var); ok && upstream.IsErrorType(v.Type()) {
		st.carriers = withVar(st.carriers, v)
	}
}

// revisit judges a path that comes back to the failing call: a loop that
// writes the same object again retries (staleupdate judges whether it is
// re-read first); one that moved on to another object leaves this failure
// behind.
func (w *walker) revisit(st pathState) {
	if st.pending != nil && st.pendingPass || st.passAgain {
		// a new pass over the pending set, which still holds the entry,
		// or over every item, which the failure's flag makes repeat
		w.retryLoop = true
		w.end(max(st.best, Retried), st)
		return
	}
	if _, tick := upstream.TickLoop(w.vals.k.info, w.vals.f.loop); tick {
		// the loop writes again on its next tick whatever happened: a
		// heal with the tick's period (the grade), not a retry
		w.end(st.best, st)
		return
	}
	if loop := w.vals.f.loop; w.vals.f.selfReading && (loop == nil || !w.vals.mentionsLoopLocal(w.vals.f.call) || upstream.UntilDone(w.vals.k.info, loop)) {
		// the same helper call again, with the same arguments or in a
		// loop that runs until it succeeds: it reads the object afresh
		w.retryLoop = true
		w.end(max(st.best, Retried), st)
		return
	}
	if st.redefined || !w.vals.f.object.Valid() {
		w.stops = append(w.stops, st.best)
		return
	}
	w.retryLoop = true
	w.end(max(st.best, Retried), st)
}

// loopHeads are the blocks a path enters when it goes round a loop.
var loopHeads = map[cfg.BlockKind]bool{
	cfg.KindForLoop: true, cfg.KindForPost: true, cfg.KindForBody: true, cfg.KindRangeLoop: true,
}

// endFate adjusts the verdict of a path that leaves the function: a
// deferred one leaves the outer function's named results to be returned,
// an error or a Result it set to requeue (`returnResult.RequeueAfter =
// time.Second` on a Conflict). (A function a periodic runner runs again
// is healed on its next tick, not retried: its grade says when.)
func (w *walker) endFate(f Fate, st pathState) Fate {
	if slices.ContainsFunc(w.vals.f.outerResults, st.requeues) {
		f = max(f, Handled)
	}
	if w.pendingRetried(st) {
		f = max(f, Retried) // another loop takes the pending entry again
	}
	for _, v := range w.vals.f.outerErrors {
		switch {
		case st.carries(v):
			f = max(f, Returned)
		case st.isNonNil(v):
			f = max(f, ReturnedOther)
		}
	}
	return f
}

func rangesOverChannel(info *types.Info, stmt ast.Stmt) bool {
	rs, ok := stmt.(*ast.RangeStmt)
	if !ok {
		return false
	}
	_, ok = typeinfo.UnderOf(info, rs.X).(*types.Chan)
	return ok
}

// nodeOf returns the graph node that contains the node at cur.
func nodeOf(g *cfg.CFG, cur inspector.Cursor) (*cfg.Block, int) {
	for c := cur; c.Valid(); c = c.Parent() {
		if b, i := findNode(g, c.Node()); b != nil {
			return b, i
		}
		switch c.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, 0
		}
	}
	return nil, 0
}
