package staleupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/repair"
)

// checkFunc walks from every write of fw and reports the stale rewrites.
func (c *checker) checkFunc(fw funcWrites) {
	fg := c.newGraph(fw)
	judged := make(map[*ast.DeferStmt]bool) // one finding a deferred literal: one re-read fixes it
	for _, w := range fw.writes {
		if _, ok := fg.at[w]; !ok || isDeferredCall(w) {
			continue
		}
		wr := c.walk(fg, w)
		for _, w2 := range fw.writes { // source order, for stable output
			if outs := wr.hits[w2]; outs != nil && !c.reported[w2] {
				c.judge(fg, w, w2, outs, wr)
			}
		}
		for _, d := range fw.deferred {
			if outs := wr.hits[d.w]; outs != nil && !c.reported[d.w] && !judged[d.stmt] {
				judged[d.stmt] = c.judgeDeferred(w, d.w)
			}
		}
	}
}

// isDeferredCall reports whether w is the call of a defer statement
// (`defer r.updateStatus(obj)`): it runs when the function returns, after
// the writes that follow the statement, so it makes none of them stale.
func isDeferredCall(w *model.Write) bool {
	_, ok := w.Cursor.Parent().Node().(*ast.DeferStmt)
	return ok
}

// judge reports w2, reached from w with the given outcomes, when it sends a
// stale object.
func (c *checker) judge(fg *fnGraph, w, w2 *model.Write, outs map[outcome]bool, wr *walkResult) {
	if reboundByRange(c.pass.TypesInfo, w, w2) {
		return // the next iteration writes another element
	}
	if model.WritesDeleted(c.pass.TypesInfo, w2) {
		return // a delete handler's object: gone, so NotFound, not Conflict
	}
	var fix *analysis.SuggestedFix
	var fixed string // what the fix does, as the message's advice
	// A write that resends a version the server refused is reported
	// whatever becomes of its own error: it is certain to fail. Its grade
	// says how long (requeued, when the error goes to a loop that reads
	// again). Only a second write whose own fate is undecided stays quiet.
	failedFirst := outs[failed] && (w == w2 || c.conflictLost(w2) || c.requeued(w2))
	silentFirst := c.silentCalls[w] && w != w2 && !outs[otherFailure]
	switch {
	case silentFirst && c.silentReported[w]:
		return // one finding a hidden failure: the first write it makes stale
	case silentFirst:
	case failedFirst:
		if len(outs) == 1 && w == w2 {
			fix, fixed = c.fix.reReadFix(fg, w, wr), "re-read "+w.Object.Name()+" before each retry"
		}
	case w.Kind.RefreshesInPlace() && sendsDeepCopy(w) && (outs[unknown] || outs[succeeded] || outs[notConflict]):
		// r.Update(ctx, obj.DeepCopy()): the new version lands in the copy
		// (no fix: which copy to keep is the author's choice).
	case !w.Kind.RefreshesInPlace() && (outs[unknown] || outs[succeeded] || outs[notConflict]):
		if len(outs) == 1 && outs[succeeded] && !c.fix.fixed[w] && (sendsSameParts(w, wr) || c.unchangedSinceRead(w)) {
			if !wr.dirty {
				fix, fixed = c.fix.keepResultFix(fg, w), "keep the object "+methodOr(w)+" returns"
			}
			if fix == nil {
				fix, fixed = c.fix.keepCopyFix(w), "copy the object "+methodOr(w)+" returns into "+w.Object.Name()
			}
			c.fix.fixed[w] = fix != nil // one edit of w, even when it feeds several writes
		}
	default:
		return // a controller-runtime write whose outcome the path does not know
	}
	if c.helperCalls[w] || c.helperCalls[w2] {
		fix = nil // the re-read would have to know the helper's client
	}
	if repair.FixOwnerOf(c.res, w) != repair.OwnedByStaleUpdate || repair.FixOwnerOf(c.res, w2) != repair.OwnedByStaleUpdate {
		fix = nil // a lost Conflict: unretriedupdate's fix (return or retry the error) comes first
	}
	if fix == nil {
		fixed = ""
	}
	var msg string
	switch {
	case silentFirst:
		msg = silentMessage(w)
	case failedFirst:
		msg = failedMessage(w, w2, fixed)
	default:
		msg = supersededMessage(w, w2, outs, fixed)
	}
	// The re-read is the only fix after a failure (keeping a typed write's
	// result needs no re-read), so only then does the object's origin say
	// why there is none.
	if fix == nil && outs[failed] && repair.FixOwnerOf(c.res, w2) == repair.OwnedByStaleUpdate && !c.helperCalls[w2] {
		if why := repair.NoReReadReason(w2); why != "" {
			msg += "; " + why
		}
	}
	grade := c.grade(w2)
	if failedFirst && w != w2 {
		if first := c.grade(w); first.Grade == consequence.Requeued {
			// the first write's failure is requeued: the next run reads
			// the object afresh and redoes the stale write's change too
			grade = first
		}
	}
	if !c.res.Grading().Admits(grade.Grade) {
		return
	}
	msg = grade.Append(msg)
	c.reported[w2] = true
	c.silentReported[w] = c.silentReported[w] || silentFirst
	var related []diag.Related
	if w != w2 { // a write retried is its own earlier write: nothing to point at
		related = []diag.Related{{Node: w.Call, Message: "the earlier write: " + diag.CallName(w.Call)}}
	}
	if fix != nil {
		diag.Report(c.pass, w2.Call, msg, related, *fix)
	} else {
		diag.Report(c.pass, w2.Call, msg, related)
	}
}

// sendsSameParts reports whether every later write reached from w sends
// the same part of the object as w (the same method: Update, UpdateStatus,
// UpdateScale...). The object a write returns holds what the server
// stored, and a status write stores no spec change (an Update no status
// change): keeping it for a write of the other part would drop the
// changes made for that write before the first one.
func sendsSameParts(w *model.Write, wr *walkResult) bool {
	for w2 := range wr.hits {
		if methodName(w2.Call) != methodName(w.Call) {
			return false
		}
	}
	return true
}

// unchangedSinceRead reports whether w writes a local object the function
// read and left unchanged until w: the object w returns then holds every
// change the code made, whichever part a later write sends.
func (c *checker) unchangedSinceRead(w *model.Write) bool {
	v := w.Object.Root
	fnCur := funcCursor(w)
	if v == nil || w.Object.Path != v.Name() || !syntax.Within(varNode(v), fnCur.Node()) || len(c.res.ReadsOf(w.Object, fnCur.Node())) == 0 {
		return false
	}
	for _, u := range c.uses.of(fnCur, v) {
		if u.pos >= w.Call.Pos() {
			continue
		}
		if u.kind == useMutate || u.kind == useEscape || u.nested || u.kind == useDef && !c.assignedByRead(fnCur, u.pos) {
			return false
		}
	}
	return true
}

// assignedByRead reports whether the identifier at pos is assigned by a
// read of the model (`u, err := ri.Get(...)`).
func (c *checker) assignedByRead(fnCur inspector.Cursor, pos token.Pos) bool {
	cur, ok := fnCur.FindByPos(pos, pos+1)
	if !ok {
		return false
	}
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	if c.res.ReadAt(as) != nil {
		return true
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return ok && c.res.ReadAt(call) != nil
}

func methodName(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return ""
}

// reboundByRange reports whether w2 is reached from w only through the back
// edge of a range loop whose key or value variable holds the object: each
// iteration binds it to another element, so w2 writes another object.
func reboundByRange(info *types.Info, w, w2 *model.Write) bool {
	if w2.Call.Pos() > w.Call.Pos() {
		return false // later in the same iteration
	}
	for enc := range w.Cursor.Enclosing((*ast.RangeStmt)(nil)) {
		rs := enc.Node().(*ast.RangeStmt)
		if w2.Call.Pos() < rs.Body.Pos() {
			continue // w2 is before this loop's body: not via its back edge
		}
		var vars []types.Object
		for _, e := range []ast.Expr{rs.Key, rs.Value} {
			if id, ok := e.(*ast.Ident); ok && info.ObjectOf(id) != nil {
				vars = append(vars, info.ObjectOf(id))
			}
		}
		if slices.Contains(vars, types.Object(w.Object.Root)) || boundFromEach(info, rs.Body, w.Object.Root, vars) || declaredEmptyEach(info, rs.Body, w.Object.Root, vars) {
			return true
		}
	}
	return false
}

// boundFromEach reports whether v is declared in body, once per
// iteration, from an expression of the range's variables (`v, ok :=
// byName[name]`, `v := items[i]`): each iteration's v is another object.
func boundFromEach(info *types.Info, body *ast.BlockStmt, v *types.Var, vars []types.Object) bool {
	if v == nil || len(vars) == 0 || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if found || !ok || as.Tok != token.DEFINE {
			return !found
		}
		if !slices.ContainsFunc(as.Lhs, func(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && info.Defs[id] == types.Object(v) }) {
			return true
		}
		found = slices.ContainsFunc(as.Rhs, func(e ast.Expr) bool { return mentions(info, e, vars) })
		return false
	})
	return found
}

// declaredEmptyEach reports whether v is declared in body without a value
// (`var next *T`), so that each iteration starts it from nil, and every
// assignment to it in body takes an expression of the range's variables
// or of v itself (`next = item.DeepCopy()`, `next, err = c.Update(ctx,
// next)`): each iteration's v is another object.
func declaredEmptyEach(info *types.Info, body *ast.BlockStmt, v *types.Var, vars []types.Object) bool {
	if v == nil || len(vars) == 0 || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false
	}
	own := append(slices.Clone(vars), types.Object(v))
	declared, fresh := false, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if info.Defs[id] == types.Object(v) {
					declared = len(n.Values) == 0
				}
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && info.ObjectOf(id) == types.Object(v) {
					fresh = fresh && slices.ContainsFunc(n.Rhs, func(e ast.Expr) bool { return mentions(info, e, own) })
				}
			}
		}
		return fresh
	})
	return declared && fresh
}

// mentions reports whether e uses one of vars.
func mentions(info *types.Info, e ast.Expr, vars []types.Object) bool {
	used := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && slices.Contains(vars, info.Uses[id]) {
			used = true
		}
		return !used
	})
	return used
}

// failedMessage says that w2 sends w's object again after w failed, and
// what to do: fixed, what the fix does, or the advice without a fix.
func failedMessage(w, w2 *model.Write, fixed string) string {
	name, call := w.Object.Name(), diag.CallName(w.Call)
	if w == w2 {
		if fixed == "" {
			fixed = "re-read " + name + " before each retry"
		}
		return fmt.Sprintf("%s is retried without re-reading %s, so it conflicts again: %s", call, name, fixed)
	}
	return fmt.Sprintf("%s is written again after %s failed, without a re-read, so it conflicts again: re-read %s first, or use retry.RetryOnConflict", name, call, name)
}

// silentMessage says that w2 sends w's object again after w, a helper that
// loses its write's failure, may have left it stale.
func silentMessage(w *model.Write) string {
	name, call := w.Object.Name(), diag.CallName(w.Call)
	return fmt.Sprintf("%s is written again after %s, which hides its write's failure: have it return the error, or re-read %s first", name, call, name)
}

// supersededMessage says that w2 sends w's object again after w stored
// it (or may have), and what to do.
func supersededMessage(w, w2 *model.Write, outs map[outcome]bool, fixed string) string {
	name, call := w.Object.Name(), diag.CallName(w.Call)
	after, conflicts := call+" succeeded", "so it conflicts"
	if outs[unknown] || outs[notConflict] {
		after, conflicts = call, "so it may conflict"
	}
	subject := name + " is written again"
	if w == w2 {
		subject = "the next iteration writes " + name
	}
	switch {
	case fixed == "" && w.Kind.RefreshesInPlace():
		fixed = "write " + name + " itself, which " + methodOr(w) + " refreshes, or re-read " + name + " first"
	case fixed == "":
		fixed = "keep the object " + methodOr(w) + " returns, or re-read " + name + " first"
	}
	return fmt.Sprintf("%s after %s, without a re-read, %s: %s", subject, after, conflicts, fixed)
}

// methodOr names w's method, or says "the write".
func methodOr(w *model.Write) string {
	if m := methodName(w.Call); m != "" {
		return m
	}
	return "the write"
}

// grade says how long the stale write w2 leaves the cluster wrong: by the
// fate of its own certain Conflict, by the one rule retryreget applies to
// its last error. Requeued or retried where it fails, or returned by a
// Reconcile, the loop that receives it reads the object again and redoes
// the change: requeued, the mildest grade. Handed to a caller of another
// function, no grade: the caller may requeue it or exit with it, which the
// package cannot tell. Lost, by what redoes the write; so is the stale
// write of a helper that loses its own write's failure, whatever the call
// returns.
func (c *checker) grade(w2 *model.Write) consequence.Evidence {
	f := c.res.Tracer().Trace(w2.Cursor)
	if c.silentCalls[w2] {
		// the helper loses the stale write's Conflict itself: what the
		// call returns, if anything, is not that failure
		f = fate.Logged
	}
	if c.conflictLost(w2) || c.silentCalls[w2] {
		return c.res.Grading().Consequence(w2.Cursor, c.pass.TypesInfo.TypeOf(w2.Object.Expr), f)
	}
	return c.res.Grading().Fated(w2.Cursor, c.pass.TypesInfo.TypeOf(w2.Object.Expr), f)
}

// requeued reports whether w2's Conflict is handed on, requeued or retried
// where it happens.
func (c *checker) requeued(w2 *model.Write) bool {
	f := c.res.Tracer().Trace(w2.Cursor)
	return f.HandsOn() || f == fate.Handled || f == fate.Retried
}
