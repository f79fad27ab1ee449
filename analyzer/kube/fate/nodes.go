package fate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// apply applies one statement of a path to st and reports whether the path
// ends there (the program stops).
func (w *walker) apply(node ast.Node, st *pathState) bool {
	cur, ok := w.f.fnCur.FindNode(node)
	if !ok {
		return false
	}
	if w.t.endsProgram(node) {
		if w.t.failsTest(node) {
			st.improve(Surfaced) // t.Fatal: the test stops and fails
		} else {
			st.improve(Fatal)
		}
		w.end(st.best, *st)
		return true
	}
	w.noteCalls(cur, st)
	w.noteUses(cur, node, st)
	w.noteWorkSet(node, st)
	w.noteCount(node, st)
	switch s := node.(type) {
	case *ast.AssignStmt, *ast.ValueSpec:
		w.assign(s, st, nil)
	}
	w.noteRedefinition(node, st)
	return false
}

// noteCalls records the calls of a statement that act on the failure
// whatever their arguments: a requeue, a re-read of the object, and a
// fallback write made after the error was tested.
func (w *walker) noteCalls(cur inspector.Cursor, st *pathState) {
	for c := range cur.Preorder((*ast.CallExpr)(nil), (*ast.FuncLit)(nil)) {
		call, ok := c.Node().(*ast.CallExpr)
		if !ok {
			continue // a literal's calls run later, if at all
		}
		if w.t.requeues(call) {
			st.improve(Handled)
		}
		if m := w.t.model; m != nil {
			if obj, ok := m.ReadAt(call); ok && obj.Same(w.f.object) {
				w.noteRead(call, st)
			}
			if obj, ok := m.WriteAt(call); ok && call != w.f.call && st.testedIn != nil && syntax.Within(call, st.testedIn) {
				if st.reread && obj.Same(w.f.object) {
					st.improve(Retried)
				} else {
					// A fallback write hands the failure on: its own
					// error is traced, and reusing a stale object there
					// is staleupdate's finding.
					st.improve(HandedOff)
				}
			} else if !ok && (st.conflict || st.pastGuard) && api.IsClientWrite(w.t.info, call) {
				// A write that cannot conflict (a plain merge patch)
				// made on the Conflict branch answers the Conflict.
				st.improve(Handled)
			}
		}
	}
}

// noteRead records a re-read of the object: the same object when its key
// does not change from one turn of the loop around the write to the next.
func (w *walker) noteRead(read ast.Node, st *pathState) {
	if w.f.loop != nil && w.mentionsLoopLocal(read) {
		st.redefined = true
		return
	}
	st.reread = true // a later read keyed by the object itself does not bring the old one back
}

// mentionsLoopLocal reports whether n uses a variable declared inside the
// loop around the failing call (other than the object itself). An
// assignment from a local that a read of the loop filled (fetched =
// refetched) is judged by that read.
func (w *walker) mentionsLoopLocal(n ast.Node) bool {
	if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
		if id, ok := ast.Unparen(as.Rhs[0]).(*ast.Ident); ok {
			if v, ok := w.t.info.Uses[id].(*types.Var); ok && syntax.Within(declNode(v), w.f.loop) {
				if rd := w.readDefining(v); rd != nil {
					return w.mentionsLoopLocal(rd)
				}
			}
		}
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		v, ok := w.t.info.Uses[id].(*types.Var)
		if ok && v != w.f.object.Root && !v.IsField() && syntax.Within(declNode(v), w.f.loop) {
			found = true
		}
		return true
	})
	return found
}

// readDefining returns the call that reads into v where v is declared
// (v, err := c.Get(...)), or nil.
func (w *walker) readDefining(v *types.Var) ast.Node {
	var call ast.Node
	ast.Inspect(w.f.loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || call != nil || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return call == nil
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && w.t.info.Defs[id] == v {
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
func (w *walker) noteRedefinition(node ast.Node, st *pathState) {
	root := w.f.object.Root
	if root == nil || w.t.model == nil {
		return
	}
	if _, ok := w.t.model.ReadAt(node); ok {
		w.noteRead(node, st)
		return
	}
	if vs, ok := node.(*ast.ValueSpec); ok && len(vs.Values) == 0 {
		return // a zero value: the read that fills it decides which object it is
	}
	if defines(w.t.info, node, root) {
		st.redefined = true
	}
}

// noteUses applies what a statement does with the values that carry the
// failure.
func (w *walker) noteUses(cur inspector.Cursor, node ast.Node, st *pathState) {
	cur.Inspect([]ast.Node{(*ast.Ident)(nil), (*ast.FuncLit)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			if w.mentionsCarrier(n, *st) {
				st.improve(HandedOff) // captured: its uses are out of view
			}
			return false
		case *ast.Ident:
			v, ok := w.t.info.Uses[n].(*types.Var)
			if !ok || !st.carries(v) {
				return true
			}
			if u := w.t.climb(c, node); u.consumed {
				st.improve(u.event)
			}
		}
		return true
	})
}

func (w *walker) mentionsCarrier(n ast.Node, st pathState) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := w.t.info.Uses[id].(*types.Var); ok && st.carries(v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// assign applies an assignment or var declaration to the carriers and the
// known non-nil errors. failing, when set, is the right-hand value that is
// the failing call itself.
func (w *walker) assign(stmt ast.Node, st *pathState, failing ast.Node) {
	lhs, rhs := assignSides(stmt)
	var errResults map[int]bool
	if len(rhs) == 1 && len(lhs) > 1 {
		errResults = errorResults(w.t.info.TypeOf(rhs[0]))
	}
	for i, l := range lhs {
		var value ast.Expr
		switch {
		case len(rhs) == len(lhs):
			value = rhs[i]
		case errResults[i]:
			value = rhs[0] // the call's failure rides in its error results
		}
		carried := value != nil && (value == failing || w.carries(value, *st))
		w.assignOne(l, value, carried, st)
		if value != nil && w.t.isRequeueResult(value) && w.namesResult(l) {
			st.improve(Handled) // result = ctrl.Result{Requeue: true}, returned later or from a defer
		}
	}
	if len(lhs) == 2 && len(rhs) == 1 && w.assertsOtherType(rhs[0], *st) {
		// _, ok := err.(*field.Error): a Conflict is a *StatusError
		if v := w.definedBool(lhs[1]); v != nil {
			st.unset = withVar(st.unset, v)
		}
	}
}

// errorResults returns the indexes of a tuple's results that can hold the
// call's failure: its error results wherever they stand (`err, failed :=
// run()` as well as `obj, err := get()`), or the last one when none is an
// error.
func errorResults(t types.Type) map[int]bool {
	tuple, ok := t.(*types.Tuple)
	if !ok || tuple.Len() == 0 {
		return nil
	}
	out := make(map[int]bool)
	for i := range tuple.Len() {
		if api.IsErrorType(tuple.At(i).Type()) {
			out[i] = true
		}
	}
	if len(out) == 0 {
		out[tuple.Len()-1] = true
	}
	return out
}

// assertsOtherType reports whether e is a type assertion of the failure to
// a concrete type a Conflict never has (anything but apierrors'
// *StatusError).
func (w *walker) assertsOtherType(e ast.Expr, st pathState) bool {
	ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil || !w.carries(ta.X, st) {
		return false
	}
	t := w.t.info.TypeOf(ta.Type)
	if t == nil || types.IsInterface(t) {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return !api.IsNamed(t, api.ErrorsPath, "StatusError")
}

// definedBool returns the boolean variable e names, or nil.
func (w *walker) definedBool(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := w.t.info.ObjectOf(id).(*types.Var)
	if !ok {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	return v
}

// assignOne applies `l = value` where value carries the failure or not.
func (w *walker) assignOne(l ast.Expr, value ast.Expr, carried bool, st *pathState) {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		if v := w.requeueFieldSet(l, value); v != nil {
			st.requeued = withVar(st.requeued, v) // res.RequeueAfter = d
		}
		switch {
		case carried && isText(w.t.info.TypeOf(value)):
			st.improve(Logged) // its message recorded (a status field): nobody can retry text
		case carried:
			st.improve(HandedOff) // stored in a field, map or slice element
		}
		return
	}
	v, ok := w.t.info.ObjectOf(id).(*types.Var)
	if !ok || id.Name == "_" {
		return
	}
	if carried && !syntax.Within(declNode(v), w.f.fn) && !w.concurrentlyCaptured(v) {
		// What the outer function can do with it; and the literal itself
		// may act on it next (framework.ExpectNoError(err) in a deferred
		// restore), so v is followed like a local too.
		st.improve(w.capturedFate(v))
	}
	if carried {
		st.carriers = withVar(st.carriers, v)
	} else {
		st.carriers = withoutVar(st.carriers, v)
	}
	if value != nil && (w.t.isRequeueResult(value) || w.requeueVar(value, *st)) {
		st.requeued = withVar(st.requeued, v)
	} else {
		st.requeued = withoutVar(st.requeued, v)
	}
	st.set, st.unset = withoutVar(st.set, v), withoutVar(st.unset, v)
	switch boolConst(value) {
	case truthTrue:
		st.set = withVar(st.set, v)
	case truthFalse:
		st.unset = withVar(st.unset, v)
	}
	if value != nil && isErrorValue(v.Type()) && (carried || w.t.nonNilExpr(value, *st)) {
		st.nonNil = withVar(st.nonNil, v)
	} else {
		st.nonNil = withoutVar(st.nonNil, v)
	}
	if value != nil && isErrorSlice(v.Type()) && w.holdsNonNilError(value, *st) {
		st.nonEmpty = withVar(st.nonEmpty, v)
	} else {
		st.nonEmpty = withoutVar(st.nonEmpty, v)
	}
	if value != nil && isNilIdent(value) {
		st.nilErrs = withVar(st.nilErrs, v)
	} else {
		st.nilErrs = withoutVar(st.nilErrs, v)
	}
}

// requeueFieldSet returns v when l = value sets a requeue field (Requeue,
// RequeueAfter) of the reconcile.Result in the variable v to a value that
// is not zero (res.RequeueAfter = 3 * time.Second), or nil.
func (w *walker) requeueFieldSet(l, value ast.Expr) *types.Var {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	if !ok || value == nil || isZeroLit(value) || !api.RequeueFields[sel.Sel.Name] {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := w.t.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	t := v.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if !api.IsNamed(t, api.ReconcilePath, "Result") {
		return nil
	}
	return v
}

// concurrentlyCaptured reports whether v, declared outside the function
// that fails, is captured across a goroutine: the function that declares
// it runs concurrently and cannot read it in step, so within the literal v
// is followed like a local.
func (w *walker) concurrentlyCaptured(v *types.Var) bool {
	for enc := range w.f.cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		lit, ok := enc.Node().(*ast.FuncLit)
		if !ok || syntax.Within(declNode(v), lit) {
			return false
		}
		if call, ok := enc.Parent().Node().(*ast.CallExpr); ok && call.Fun == lit {
			if _, isGo := enc.Parent().Parent().Node().(*ast.GoStmt); isGo {
				return true
			}
		}
	}
	return false
}

// namesResult reports whether l is a named result of a function around the
// failing call.
func (w *walker) namesResult(l ast.Expr) bool {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := w.t.info.ObjectOf(id).(*types.Var)
	return ok && isResultOfEnclosing(w.t.info, w.f.cur, v)
}

// capturedFate is what storing the failure into v, a variable of an outer
// function, does with it.
func (w *walker) capturedFate(v *types.Var) Fate {
	switch {
	case isResultOfEnclosing(w.t.info, w.f.cur, v):
		return Returned // a deferred literal setting the outer named result
	case w.f.deferred:
		return Dropped // the outer function has returned: no one reads it
	}
	return HandedOff
}

func assignSides(stmt ast.Node) (lhs, rhs []ast.Expr) {
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			return nil, nil
		}
		return s.Lhs, s.Rhs
	case *ast.ValueSpec:
		names := make([]ast.Expr, len(s.Names))
		for i, n := range s.Names {
			names[i] = n
		}
		return names, s.Values
	}
	return nil, nil
}

// carries reports whether e holds the failure: a carrier, or a value built
// from one (wrapped, joined, appended, put in a struct).
func (w *walker) carries(e ast.Expr, st pathState) bool {
	cur, ok := w.f.fnCur.FindNode(e)
	if !ok {
		return false
	}
	found := false
	cur.Inspect([]ast.Node{(*ast.Ident)(nil), (*ast.FuncLit)(nil)}, func(c inspector.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		if !ok || found {
			return false
		}
		if v, ok := w.t.info.Uses[id].(*types.Var); ok && st.carries(v) {
			u := w.t.climb(c, e)
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

// boolConst returns the value of e when it is the constant true or false.
func boolConst(e ast.Expr) truth {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && e != nil {
		switch id.Name {
		case "true":
			return truthTrue
		case "false":
			return truthFalse
		}
	}
	return truthUnknown
}

func isText(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// holdsNonNilError reports whether value, a slice of errors, holds a
// non-nil error on the path st: append(errs, fmt.Errorf(...)), an append
// to a list that already holds one, or a literal with such an element.
func (w *walker) holdsNonNilError(value ast.Expr, st pathState) bool {
	var elems []ast.Expr
	switch e := ast.Unparen(value).(type) {
	case *ast.CompositeLit:
		elems = e.Elts
	case *ast.CallExpr:
		if !isBuiltin(w.t.info, e, "append") || len(e.Args) == 0 {
			return false
		}
		if e.Ellipsis.IsValid() {
			return w.t.nonEmptyErrors(e.Args[0], st) || w.t.nonEmptyErrors(e.Args[len(e.Args)-1], st)
		}
		if w.t.nonEmptyErrors(e.Args[0], st) {
			return true
		}
		elems = e.Args[1:]
	}
	for _, el := range elems {
		if w.t.nonNilExpr(el, st) {
			return true
		}
	}
	return false
}
