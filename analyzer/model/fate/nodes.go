package fate

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// apply applies one statement of a path to st and reports whether the path
// ends there (the program stops).
func (w *walker) apply(node ast.Node, st *pathState) bool {
	cur, ok := w.vals.f.fnCur.FindNode(node)
	if !ok {
		return false
	}
	if w.vals.k.endsProgram(node) {
		if w.vals.k.failsTest(node) {
			st.improve(Surfaced) // t.Fatal: the test stops and fails
		} else {
			st.improve(Fatal)
			if st.best == Fatal && w.fatal == nil {
				w.fatal, _ = ast.Unparen(node.(*ast.ExprStmt).X).(*ast.CallExpr)
			}
		}
		w.end(st.best, *st)
		return true
	}
	w.fx.effect(cur, node, st)
	return false
}

// effect applies to st what the statement node, at cur, does with the
// failure: the calls that act on it, the uses and stores of its value,
// the work sets and counts it changes.
func (fx *effects) effect(cur inspector.Cursor, node ast.Node, st *pathState) {
	fx.noteCalls(cur, st)
	fx.noteRewrites(cur, st)
	fx.noteRetries(node, st)
	fx.noteUses(cur, node, st)
	fx.noteWorkSet(node, st)
	fx.notePending(node, st)
	switch s := node.(type) {
	case *ast.AssignStmt, *ast.ValueSpec:
		fx.assign(s, st, nil)
	}
	fx.noteCount(node, st) // after the assignment, which forgets a count it overwrites
	fx.noteRedefinition(node, st)
}

// noteCalls records the calls of a statement that act on the failure
// whatever their arguments: a requeue, a re-read of the object, and a
// fallback write made after the error was tested.
func (fx *effects) noteCalls(cur inspector.Cursor, st *pathState) {
	for c := range cur.Preorder((*ast.CallExpr)(nil), (*ast.FuncLit)(nil)) {
		call, ok := c.Node().(*ast.CallExpr)
		if !ok {
			continue // a literal's calls run later, if at all
		}
		if fx.k.requeues(call) || fx.deletesObject(call) {
			st.improve(Handled)
		}
		if m := fx.k.model; m != nil {
			if obj, ok := m.ReadAt(call); ok && obj.Same(fx.f.object) {
				fx.noteRead(call, st)
			}
			if obj, ok := m.WriteAt(call); ok && call != fx.f.call && st.testedIn != nil && syntax.Within(call, st.testedIn) {
				if st.reread && obj.Same(fx.f.object) {
					st.improve(Retried)
				} else {
					// A fallback write hands the failure on: its own
					// error is traced, and reusing a stale object there
					// is staleupdate's finding.
					st.improve(HandedOff)
				}
			} else if !ok && (st.conflict || st.pastGuard) && upstream.IsClientWrite(fx.k.info, call) {
				// A write that cannot conflict (a plain merge patch)
				// made on the Conflict branch answers the Conflict.
				st.improve(Handled)
			}
		}
	}
}

// maxRewrites bounds the chain of stale rewrites followed (see
// noteRewrites): each traces the next one's failure.
const maxRewrites = 2

// noteRewrites records a write of the failed write's object, not read
// again since, that sends its resourceVersion: the object still carries
// the version the server refused, so the rewrite is certain to fail with
// the same Conflict, and what becomes of the rewrite's failure becomes of
// this one (hazelcast's annotation, then its status written from the
// same object and returned: the requeue re-reads and redoes both). The
// stale write is staleupdate's finding.
func (fx *effects) noteRewrites(cur inspector.Cursor, st *pathState) {
	m := fx.k.model
	if m == nil || st.reread || fx.f.depth >= maxRewrites || !fx.f.object.Valid() {
		return
	}
	cur.Inspect([]ast.Node{(*ast.CallExpr)(nil), (*ast.FuncLit)(nil)}, func(c inspector.Cursor) bool {
		call, ok := c.Node().(*ast.CallExpr)
		if !ok {
			return false // a literal's calls run later, if at all
		}
		if obj, ok := fx.rewrites(call); ok && call != fx.f.call && obj.Same(fx.f.object) {
			f, _ := fx.t.traceWalkAt(c, obj, fx.f.depth+1)
			st.improve(rewriteFate(f))
		}
		return true
	})
}

// rewrites returns the object call writes when it sends its
// resourceVersion: a write, or a call of a helper that writes its
// argument on every run and returns the failure (hazelcast's status
// `update`), once the package's helpers are known (the tracer frozen). A
// helper that writes on some paths only does not count.
func (fx *effects) rewrites(call *ast.CallExpr) (upstream.Object, bool) {
	m := fx.k.model
	if obj, ok := m.WriteAt(call); ok {
		return obj, m.SendsVersion(call)
	}
	if !fx.t.frozen {
		return upstream.Object{}, false
	}
	fn := fx.k.callee(call)
	if fn == nil {
		return upstream.Object{}, false
	}
	if p, ok := m.AlwaysWrites(fn); ok && p < len(call.Args) {
		return upstream.ObjectOf(fx.k.info, call.Args[p]), true
	}
	return upstream.Object{}, false
}

// rewriteFate is what a stale rewrite whose failure has fate f does with
// the failure that made it stale: hands it on where f does (HandedOff:
// the rewrite's own finding, if any, says the rest), else nothing.
func rewriteFate(f Fate) Fate {
	switch {
	case f.HandsOn(), f == Handled, f == Retried, f == HandedOff:
		return HandedOff
	case f == Fatal, f == Surfaced, f == Answered, f == Unknown:
		return f
	}
	return Dropped
}

// deletesObject reports whether call deletes the failed write's object
// (`client.Delete(ctx, job)` after a failed update of job): the change the
// write carried goes with the object, whatever the delete's own fate.
func (fx *effects) deletesObject(call *ast.CallExpr) bool {
	fn := upstream.Callee(fx.k.info, call)
	if fn == nil {
		return false
	}
	i, ok := upstream.ObjectDeletes[upstream.MethodKeyOf(fn)]
	return ok && i < len(call.Args) && upstream.ObjectOf(fx.k.info, call.Args[i]).Same(fx.f.object) && !fx.removesFinalizer()
}

// removesFinalizer reports whether the function changes the object's
// finalizers before the failing write: a delete then leaves the object
// held by the finalizer the write failed to take off.
func (fx *effects) removesFinalizer() bool {
	root := fx.f.object.Root
	found := false
	ast.Inspect(fx.f.fn, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= fx.f.call.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			name := ""
			if fn := upstream.Callee(fx.k.info, n); fn != nil {
				name = fn.Name()
			}
			found = (name == "RemoveFinalizer" || name == "SetFinalizers") && typeinfo.Mentions(fx.k.info, n, root)
		case *ast.SelectorExpr:
			found = n.Sel.Name == "Finalizers" && typeinfo.Mentions(fx.k.info, n.X, root)
		}
		return !found
	})
	return found
}

// noteRetries records a retry that node runs (outside function literals)
// whose function reads the object again and writes it: a Conflict that
// falls through `if err == nil || !IsConflict(err) { return err }` to
// `return retry.RetryOnConflict(...)` is written again after a fresh
// read.
func (fx *effects) noteRetries(node ast.Node, st *pathState) {
	m := fx.k.model
	if m == nil {
		return
	}
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if m.RetriesWithRead(n, fx.f.call) {
				st.improve(Retried)
			}
		}
		return true
	})
}

// noteRead records a re-read of the object: the same object when its key
// does not change from one turn of the loop around the write to the next.
func (fx *effects) noteRead(read ast.Node, st *pathState) {
	if fx.f.loop != nil && fx.vals.mentionsLoopLocal(read) {
		st.redefined = true
		return
	}
	st.reread = true // a later read keyed by the object itself does not bring the old one back
}

// mentionsLoopLocal reports whether n uses a variable declared inside the
// loop around the failing call (other than the object itself). An
// assignment from a local that a read of the loop filled (fetched =
// refetched) is judged by that read.
func (vf *valueFlow) mentionsLoopLocal(n ast.Node) bool {
	if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
		// obj = fetched, obj.ResourceVersion = fetched.ResourceVersion, or
		// newPod := pod.DeepCopy()
		if v := vf.loopLocalBase(deepCopied(as.Rhs[0])); v != nil {
			if rd := vf.readDefining(v); rd != nil {
				return vf.mentionsLoopLocalBut(rd, v)
			}
		}
	}
	return vf.mentionsLoopLocalBut(n, nil)
}

// mentionsLoopLocalBut is mentionsLoopLocal without the special cases,
// and with except (the variable a read fills) left out.
func (vf *valueFlow) mentionsLoopLocalBut(n ast.Node, except *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		v, ok := vf.k.info.Uses[id].(*types.Var)
		if ok && v != vf.f.object.Root && v != except && !v.IsField() && syntax.Within(declNode(v), vf.f.loop) {
			found = true
		}
		return true
	})
	return found
}

// deepCopied returns what e is a DeepCopy of (`pod.DeepCopy()`: pod), or e.
func deepCopied(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return e
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" {
		return sel.X
	}
	return e
}

// loopLocalBase returns the variable declared in the loop around the
// failing call that e is or selects from (fetched, fetched.ResourceVersion),
// or nil.
func (vf *valueFlow) loopLocalBase(e ast.Expr) *types.Var {
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			break
		}
		e = sel.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := vf.k.info.Uses[id].(*types.Var); ok && syntax.Within(declNode(v), vf.f.loop) {
		return v
	}
	return nil
}

// readDefining returns the call that reads into v in the loop: where v is
// declared (v, err := c.Get(...)), or a read that fills it (`c.Get(ctx,
// key, v)`). Or nil.
func (vf *valueFlow) readDefining(v *types.Var) ast.Node {
	var call ast.Node
	ast.Inspect(vf.f.loop, func(n ast.Node) bool {
		if call != nil {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && vf.k.model != nil {
			if obj, ok := vf.k.model.ReadAt(c); ok && obj.Root == v {
				call = c
			}
			return call == nil
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return true
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && vf.k.info.Defs[id] == v {
			if c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				call = c
			}
		}
		return call == nil
	})
	return call
}

// declNode is a zero-width node at v's declaration, for position tests.
func declNode(v *types.Var) ast.Node { return &ast.Ident{NamePos: v.Pos()} }

// noteRedefinition records that the object variable was given another
// value than a fresh read of the same object.
func (fx *effects) noteRedefinition(node ast.Node, st *pathState) {
	root := fx.f.object.Root
	if root == nil || fx.k.model == nil {
		return
	}
	if obj, ok := fx.k.model.ReadAt(node); ok {
		if obj.Same(fx.f.object) {
			fx.noteRead(node, st)
		}
		return // a read of another object (latest.Status.X = obj.Status.X) leaves this one
	}
	if vs, ok := node.(*ast.ValueSpec); ok && len(vs.Values) == 0 {
		return // a zero value: the read that fills it decides which object it is
	}
	if defines(fx.k.info, node, root) {
		st.redefined = true
	}
}

// noteUses applies what a statement does with the values that carry the
// failure.
func (fx *effects) noteUses(cur inspector.Cursor, node ast.Node, st *pathState) {
	cur.Inspect([]ast.Node{(*ast.Ident)(nil), (*ast.FuncLit)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			if fx.vals.mentionsCarrier(n, *st) {
				st.improve(HandedOff) // captured: its uses are out of view
			}
			return false
		case *ast.Ident:
			v, ok := fx.k.info.Uses[n].(*types.Var)
			if !ok || !st.carries(v) {
				return true
			}
			if u := fx.t.climb(c, node); u.consumed {
				st.improve(u.event)
			}
		}
		return true
	})
}

func (vf *valueFlow) mentionsCarrier(n ast.Node, st pathState) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := vf.k.info.Uses[id].(*types.Var); ok && st.carries(v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// carries reports whether e holds the failure: a carrier, or a value built
// from one (wrapped, joined, appended, put in a struct).
func (vf *valueFlow) carries(e ast.Expr, st pathState) bool {
	cur, ok := vf.f.fnCur.FindNode(e)
	if !ok {
		return false
	}
	found := false
	cur.Inspect([]ast.Node{(*ast.Ident)(nil), (*ast.FuncLit)(nil)}, func(c inspector.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		if !ok || found {
			return false
		}
		if v, ok := vf.k.info.Uses[id].(*types.Var); ok && st.carries(v) {
			u := vf.t.climb(c, e)
			found = !u.consumed
		}
		return true
	})
	return found
}

// defines reports whether the graph node n assigns v.
func defines(info *types.Info, n ast.Node, v *types.Var) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.ObjectOf(id) == v {
				return true
			}
		}
	case *ast.ValueSpec:
		for _, id := range n.Names {
			if info.Defs[id] == v {
				return true
			}
		}
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if id, ok := e.(*ast.Ident); ok && info.ObjectOf(id) == v {
				return true
			}
		}
	}
	return false
}

func isText(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// holdsNonNilError reports whether value, a slice of errors, holds a
// non-nil error on the path st: append(errs, fmt.Errorf(...)), an append
// to a list that already holds one, or a literal with such an element.
func (vf *valueFlow) holdsNonNilError(value ast.Expr, st pathState) bool {
	var elems []ast.Expr
	switch e := ast.Unparen(value).(type) {
	case *ast.CompositeLit:
		elems = e.Elts
	case *ast.CallExpr:
		if !isBuiltin(vf.k.info, e, "append") || len(e.Args) == 0 {
			return false
		}
		if e.Ellipsis.IsValid() {
			return vf.k.nonEmptyErrors(e.Args[0], st) || vf.k.nonEmptyErrors(e.Args[len(e.Args)-1], st)
		}
		if vf.k.nonEmptyErrors(e.Args[0], st) {
			return true
		}
		elems = e.Args[1:]
	}
	for _, el := range elems {
		if vf.k.nonNilExpr(el, st) {
			return true
		}
	}
	return false
}
