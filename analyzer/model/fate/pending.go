package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
)

// A pending set: work waits in a map that outlives the function (a field
// of a long-lived value, or a package variable), and a loop that never
// ends takes the set's entries again and again, writing each after a
// fresh read and taking out of the set only those it wrote:
//
//	for {
//		todo := snapshot(m.pending)            // or range over m.pending
//		for _, r := range todo {
//			if err := m.rewrite(ctx, r); err == nil {
//				done = append(done, r)
//			}
//		}
//		for _, r := range done { delete(m.pending, r) }
//		<-time.After(interval)
//	}
//
// A failed write leaves its entry in the set, so the loop's next pass
// writes it again: the failure is retried, like a key put back in a work
// queue. A write made for an entry of such a set is followed to where its
// entry goes: the failing turn's own delete, a clear or a new map, or a
// delete of every entry of the snapshot takes it out; a delete of another
// turn's key, or of an element of a list the failing turn did not add to,
// does not. The entry is taken again when the path comes back to the
// failing call after a new pass began, or when the function returns and
// another function of the package has such a loop over the set that makes
// the same call. What this gives up: a loop that is declared but never
// started, and an entry that a later pass skips.

// pendingEntry is the entry of a pending set a failing write was made for.
type pendingEntry struct {
	set      types.Object   // the set: a map-typed field or package variable
	rng      *ast.RangeStmt // the range whose turn made the write
	snapshot *types.Var     // the slice rng ranges over, when not the set itself
	own      []*types.Var   // rng's key and value: a delete of them is another turn's
	fn       *types.Func    // the failing call's callee
	within   ast.Node       // the function the walk follows
}

// pendingOf returns the entry of a pending set that the failing call's
// turn is made for, or nil.
func (w *walker) pendingOf() *pendingEntry {
	info := w.vals.k.info
	callee := w.vals.k.callee(w.vals.f.call)
	if callee == nil {
		return nil
	}
	for c := w.vals.f.cur.Parent(); c.Valid() && c.Node() != w.vals.f.fn; c = c.Parent() {
		if _, ok := c.Node().(*ast.FuncLit); ok {
			return nil
		}
		rs, ok := c.Node().(*ast.RangeStmt)
		if !ok {
			continue
		}
		e := &pendingEntry{rng: rs, fn: callee, own: rangeVars(info, rs), within: w.vals.f.fn}
		if e.set = persistentSet(info, rs.X); e.set != nil {
			e.own = nil // a map's value (a queue of work) is not the entry; its key is
			if k, ok := info.Defs[syntax.Ident(rs.Key)].(*types.Var); ok {
				e.own = []*types.Var{k}
			}
		} else if s, ok := info.Uses[syntax.Ident(rs.X)].(*types.Var); ok {
			e.set, e.snapshot = snapshotOf(info, w.vals.f.fn, s), s
		}
		if e.set == nil || !e.handsEntry(info, w.vals.f.call) {
			return nil
		}
		return e // the innermost range decides
	}
	return nil
}

// handsEntry reports whether call is handed the entry: an argument names
// the range's key (a snapshot's element, by index or value), or a variable
// the turn declares from it (`r := todo[i]`).
func (e *pendingEntry) handsEntry(info *types.Info, call *ast.CallExpr) bool {
	entry := slices.Clone(e.own)
	ast.Inspect(e.rng.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, r := range as.Rhs {
			if v, ok := info.Defs[syntax.Ident(as.Lhs[i])].(*types.Var); ok && e.namesEntry(info, r, entry) {
				entry = append(entry, v)
			}
		}
		return true
	})
	return slices.ContainsFunc(call.Args, func(arg ast.Expr) bool { return e.namesEntry(info, arg, entry) })
}

// namesEntry reports whether x is one of entry, its address, or an
// element of the snapshot indexed by one of them.
func (e *pendingEntry) namesEntry(info *types.Info, x ast.Expr, entry []*types.Var) bool {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	if ix, ok := x.(*ast.IndexExpr); ok && e.snapshot != nil && info.Uses[syntax.Ident(ix.X)] == e.snapshot {
		x = ast.Unparen(ix.Index)
	}
	v, ok := info.Uses[syntax.Ident(x)].(*types.Var)
	return ok && slices.Contains(entry, v)
}

// persistentSet returns the map-typed field or package variable e names,
// or nil.
func persistentSet(info *types.Info, e ast.Expr) types.Object {
	if _, isMap := typeinfo.UnderOf(info, e).(*types.Map); !isMap {
		return nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.IsField() {
			return v
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			return v
		}
	}
	return nil
}

// snapshotOf returns the pending set that s, a slice local to fn, copies:
// every assignment to s in fn starts it empty or appends a key of a range
// over the set; nil when s is anything else.
func snapshotOf(info *types.Info, fn ast.Node, s *types.Var) types.Object {
	if _, isSlice := s.Type().Underlying().(*types.Slice); !isSlice || !syntax.Within(declNode(s), fn) {
		return nil
	}
	var set types.Object
	ok := true
	ast.Inspect(fn, func(n ast.Node) bool {
		as, isAssign := n.(*ast.AssignStmt)
		if !ok || !isAssign {
			return ok
		}
		for i, l := range as.Lhs {
			if info.ObjectOf(syntax.Ident(l)) != s {
				continue
			}
			if len(as.Lhs) != len(as.Rhs) {
				ok = false
				break
			}
			from := appendedKeySet(info, fn, as.Rhs[i], s)
			switch {
			case from != nil && (set == nil || set == from):
				set = from
			case !emptySlice(info, as.Rhs[i]):
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return nil
	}
	return set
}

// appendedKeySet returns the pending set whose range key value appends
// to s (`s = append(s, k)` in `for k := range m.pending`), or nil.
func appendedKeySet(info *types.Info, fn ast.Node, value ast.Expr, s *types.Var) types.Object {
	call, ok := ast.Unparen(value).(*ast.CallExpr)
	if !ok || !isBuiltin(info, call, "append") || len(call.Args) != 2 || call.Ellipsis.IsValid() || info.Uses[syntax.Ident(call.Args[0])] != s {
		return nil
	}
	key, ok := info.Uses[syntax.Ident(call.Args[1])].(*types.Var)
	if !ok {
		return nil
	}
	var set types.Object
	ast.Inspect(fn, func(n ast.Node) bool {
		if rs, ok := n.(*ast.RangeStmt); ok && rs.Key != nil && info.Defs[syntax.Ident(rs.Key)] == key && syntax.Within(call, rs.Body) {
			set = persistentSet(info, rs.X)
		}
		return set == nil
	})
	return set
}

// emptySlice reports whether e is an empty slice: nil, `[]T{}` or
// `make([]T, 0, n)`.
func emptySlice(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "nil" && info.Uses[e] == types.Universe.Lookup("nil")
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	case *ast.CallExpr:
		return isBuiltin(info, e, "make") && len(e.Args) >= 2 && isZeroLit(e.Args[1])
	}
	return false
}

// rangeVars returns the variables rs declares or assigns.
func rangeVars(info *types.Info, rs *ast.RangeStmt) []*types.Var {
	var out []*types.Var
	for _, e := range []ast.Expr{rs.Key, rs.Value} {
		if v, ok := info.ObjectOf(syntax.Ident(e)).(*types.Var); ok && e != nil {
			out = append(out, v)
		}
	}
	return out
}

// notePending applies a statement to the failed entry: whether the set
// still holds it, and the lists the failing turn adds to.
func (fx *effects) notePending(node ast.Node, st *pathState) {
	e := st.pending
	if e == nil {
		return
	}
	info := fx.k.info
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if len(n.Args) == 0 || persistentSet(info, n.Args[0]) != e.set {
				break
			}
			if isBuiltin(info, n, "clear") || isBuiltin(info, n, "delete") && len(n.Args) == 2 && fx.deletesEntry(n.Args[1], *st) {
				st.pending = nil
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if persistentSet(info, l) == e.set {
					st.pending = nil
				} else if v, ok := info.ObjectOf(syntax.Ident(l)).(*types.Var); ok && !st.pendingTurnOver && i < len(n.Rhs) && isAppendTo(info, n.Rhs[i], v) {
					st.pendingLists = withVar(st.pendingLists, v)
				}
			}
		}
		return st.pending != nil
	})
}

// deletesEntry reports whether a delete of key from the set may take the
// failed entry out.
func (fx *effects) deletesEntry(key ast.Expr, st pathState) bool {
	if !st.pendingTurnOver {
		return true // the failing turn's own delete
	}
	info := fx.k.info
	e := st.pending
	id := syntax.Ident(key)
	if v, ok := info.Uses[id].(*types.Var); ok && slices.Contains(e.own, v) {
		return false // another turn's key: each turn has its own
	}
	list := listOfElement(info, e.within, key)
	return list == nil || list == e.snapshot || slices.Contains(st.pendingLists, list)
}

// listOfElement returns the local slice key is an element of (`done[i]`,
// or the value of `for _, r := range done`), or nil.
func listOfElement(info *types.Info, fn ast.Node, key ast.Expr) *types.Var {
	switch k := ast.Unparen(key).(type) {
	case *ast.IndexExpr:
		v, _ := info.Uses[syntax.Ident(k.X)].(*types.Var)
		return v
	case *ast.Ident:
		elem := info.Uses[k]
		var list *types.Var
		ast.Inspect(fn, func(n ast.Node) bool {
			if rs, ok := n.(*ast.RangeStmt); ok && rs.Value != nil && info.Defs[syntax.Ident(rs.Value)] == elem && elem != nil {
				list, _ = info.Uses[syntax.Ident(rs.X)].(*types.Var)
			}
			return list == nil
		})
		return list
	}
	return nil
}

// isAppendTo reports whether value is append(v, ...).
func isAppendTo(info *types.Info, value ast.Expr, v *types.Var) bool {
	call, ok := ast.Unparen(value).(*ast.CallExpr)
	return ok && isBuiltin(info, call, "append") && len(call.Args) > 0 && info.Uses[syntax.Ident(call.Args[0])] == v
}

// passesPendingHeads notes a path leaving block b: past the range's head
// the failing turn is over; past the head of a loop around the range,
// after that, a new pass has begun.
func (fx *effects) passesPendingHeads(b *cfg.Block, st *pathState) {
	e := st.pending
	if e == nil {
		return
	}
	if b.Kind == cfg.KindRangeLoop && b.Stmt == e.rng {
		st.pendingTurnOver = true
		return
	}
	if rs, ok := b.Stmt.(*ast.RangeStmt); ok && b.Kind == cfg.KindRangeLoop && fx.deletesEachOf(rs, *st) {
		st.pending = nil // the entry is among those deleted, whether or not the walk goes in
		return
	}
	if st.pendingTurnOver && loopHeads[b.Kind] && b.Stmt != e.rng && syntax.Within(e.rng, b.Stmt) {
		st.pendingPass = true
	}
}

// deletesEachOf reports whether rs ranges over a list that holds the
// failed entry and deletes its elements from the set.
func (fx *effects) deletesEachOf(rs *ast.RangeStmt, st pathState) bool {
	info := fx.k.info
	list, ok := info.Uses[syntax.Ident(rs.X)].(*types.Var)
	if !ok || list != st.pending.snapshot && !slices.Contains(st.pendingLists, list) {
		return false
	}
	found := false
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isBuiltin(info, call, "delete") && len(call.Args) == 2 &&
			persistentSet(info, call.Args[0]) == st.pending.set && listOfElement(info, st.pending.within, call.Args[1]) == list {
			found = true
		}
		return !found
	})
	return found
}

// pendingRetried reports whether a path that leaves the function with the
// failed entry still in its set hands it to a loop that takes it again.
func (w *walker) pendingRetried(st pathState) bool {
	e := st.pending
	return e != nil && slices.ContainsFunc(w.vals.k.pendingLoops(e.set), func(l pendingLoop) bool {
		return l.fn != e.within && slices.Contains(l.calls, e.fn)
	})
}

// pendingLoop is a loop that never ends and takes a pending set's entries
// again on each pass.
type pendingLoop struct {
	fn    ast.Node      // the function declaring it
	calls []*types.Func // what its body calls
}

// pendingLoops returns the loops of the package that take set's entries
// again; the index is built once, on first use.
func (k *knowledge) pendingLoops(set types.Object) []pendingLoop {
	k.pendingOnce.Do(func() {
		k.pending = make(map[types.Object][]pendingLoop)
		if k.model == nil {
			return
		}
		for _, decl := range k.model.Decls() {
			if decl.Body != nil {
				k.indexPendingLoops(decl)
			}
		}
	})
	return k.pending[set]
}

// indexPendingLoops adds decl's endless loops that range over a pending
// set, directly or through a snapshot, to the index.
func (k *knowledge) indexPendingLoops(decl *ast.FuncDecl) {
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		loop, ok := n.(*ast.ForStmt)
		if !ok || loop.Cond != nil {
			return true
		}
		var sets []types.Object
		var calls []*types.Func
		ast.Inspect(loop.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.RangeStmt:
				if set := persistentSet(k.info, n.X); set != nil {
					sets = append(sets, set)
				}
			case *ast.CallExpr:
				if fn := k.callee(n); fn != nil {
					calls = append(calls, fn)
				}
			}
			return true
		})
		for _, set := range sets {
			k.pending[set] = append(k.pending[set], pendingLoop{fn: decl, calls: calls})
		}
		return true
	})
}
