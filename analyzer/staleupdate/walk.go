package staleupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/pathwalk"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// walkResult is what the walk from one write found.
type walkResult struct {
	// hits maps each later write of the object reached without a re-read
	// to the outcomes of the first write on the paths that reach it.
	hits map[*model.Write]map[outcome]bool
	// failEntries are the blocks entered where a path learns that the
	// first write failed.
	failEntries []*cfg.Block
	// dirty: the object's variable is used on a path where the first write
	// failed or may have failed.
	dirty bool
}

// pathState is where a path of the walk is and what it knows (its block
// too, so that a state is its own key in the path engine).
type pathState struct {
	b        *cfg.Block
	out      outcome
	errLive  bool      // the error variable still holds w's error
	flags    flagState // the flags known on this path
	unproven bool      // the path passed a test of w's error the walk cannot decide
}

// walk follows the graph from w to the next writes of its object, keeping
// what each path knows about w's error and the function's flags, and stops
// a path at a re-read, at a write of the object, where a controller-runtime
// write is known to have succeeded (it refreshed the object), or where the
// object's variable is bound again. A later write is a hit only on a path
// that proves it: none that passed a test of the error the walk cannot
// decide.
func (c *checker) walk(fg *fnGraph, w *model.Write) *walkResult {
	obj := w.Object
	errVar := c.errVarOf(w)
	res := &walkResult{hits: make(map[*model.Write]map[outcome]bool)}
	start := fg.at[w]
	if fg.refreshes(start.b.Nodes[start.i], obj) {
		return res // obj, err = c.Update(ctx, obj, opts): the result replaces the object
	}
	if _, ok := start.b.Nodes[start.i].(*ast.ReturnStmt); ok {
		// return r.Update(ctx, obj): when it fails, the deferred literals
		// run with the refused version
		c.deferredHits(fg, w, pathState{b: start.b, out: failed}, res)
	}
	step := func(p pathwalk.Point[pathState]) []pathwalk.Point[pathState] {
		st, stopped := c.followBlock(fg, w, errVar, p.State, p.Index, res)
		if stopped {
			return nil
		}
		c.deferredHits(fg, w, st, res)
		var out []pathwalk.Point[pathState]
		for _, next := range c.successors(fg, w, errVar, st) {
			if next.out == failed && st.out == unknown {
				res.failEntries = append(res.failEntries, next.b)
			}
			out = append(out, pathwalk.Point[pathState]{Block: next.b, State: next})
		}
		return out
	}
	first := pathState{start.b, unknown, errVar != nil, fg.flagsAt(start), false}
	// No budget: a path stops at the object's next write or re-read, and
	// what it knows is a handful of bits.
	pathwalk.Walker[pathState, pathState]{Key: func(s pathState) pathState { return s }, Step: step}.
		Walk(pathwalk.Point[pathState]{Block: start.b, Index: start.i + 1, State: first})
	return res
}

// followBlock walks the nodes of st's block from index from, recording a
// write of the object as a hit; stopped reports that the path ends here.
func (c *checker) followBlock(fg *fnGraph, w *model.Write, errVar *types.Var, st pathState, from int, res *walkResult) (_ pathState, stopped bool) {
	info := c.pass.TypesInfo
	obj := w.Object
	for _, n := range st.b.Nodes[from:] {
		if w2 := fg.writeOf(n, obj); w2 != nil {
			if c.writesOnlyFresh(w, w2, errVar, st) {
				return st, true
			}
			if w2.Kind != upstream.WriteCreateOrUpdate && !st.unproven { // CreateOrUpdate re-reads the object itself
				if res.hits[w2] == nil {
					res.hits[w2] = make(map[outcome]bool)
				}
				res.hits[w2][st.out] = true
			}
			return st, true
		}
		if fg.refreshes(n, obj) {
			return st, true
		}
		if !st.unproven && c.mayReRead(n, obj) {
			st.unproven = true // the object may have been read again
		}
		if st.out != succeeded && fixes.Mentions(info, n, obj.Root) {
			res.dirty = true
		}
		if st.errLive && assigns(info, n, errVar) {
			st.errLive = false
		}
		st.flags = fg.flags.transfer(n, st.flags)
	}
	return st, false
}

// writesOnlyFresh reports whether w2, a call of a helper that writes only
// when an error it is handed is not a Conflict, is handed w's error on a
// path where, that error not being a Conflict, w's object cannot be stale
// (`return handleError(req, err)` after w failed, with handleError's write
// behind `if IsConflict(err) { return ... }`).
func (c *checker) writesOnlyFresh(w, w2 *model.Write, errVar *types.Var, st pathState) bool {
	arg, ok := c.notConflictArgs[w2]
	if !ok || !st.errLive || errVar == nil {
		return false
	}
	id, isIdent := ast.Unparen(w2.Call.Args[arg]).(*ast.Ident)
	if !isIdent || c.pass.TypesInfo.Uses[id] != errVar {
		return false
	}
	next, ok := refine(st.out, notConflict)
	return !ok || !stale(next, refreshesObject(w))
}

// successors returns the states of the paths leaving st's block: a branch
// that contradicts what the path knows of w's error or of a flag is not
// taken, nor one where w's object can no longer be stale, nor a range
// loop's body that binds the object's variable to the next element.
func (c *checker) successors(fg *fnGraph, w *model.Write, errVar *types.Var, st pathState) []pathState {
	et := errTest{c: c, call: w.Call}
	if st.errLive {
		et.errVar = errVar
	}
	implied := [2]outcome{}
	undecided, flag := false, truth.Unknown
	cond := fg.condOf(st.b, c.pass.TypesInfo)
	switch {
	case cond != nil:
		implied[0], implied[1] = et.eval(cond)
		undecided = et.undecided(cond)
		flag = fg.flags.test(cond, st.flags)
	case fg.caseTag(st.b) != nil:
		undecided = et.mentions(fg.caseTag(st.b)) // a switch on something computed from the error
	}
	undecided = undecided && (st.out == unknown || st.out == failed)
	var out []pathState
	for i, s := range st.b.Succs {
		if !flag.Takes(i == 0) || rebinds(c.pass.TypesInfo, s, w.Object.Root) {
			continue
		}
		next, ok := st.out, true
		if len(st.b.Succs) == 2 {
			next, ok = refine(st.out, implied[i])
		}
		if !ok || !stale(next, refreshesObject(w)) {
			continue
		}
		flags := st.flags
		if cond != nil {
			flags = fg.flags.assume(cond, i == 0, flags)
		}
		flags = fg.flags.nextTurn(s, w.Call, flags)
		out = append(out, pathState{s, next, st.errLive, flags, st.unproven || undecided})
	}
	return out
}

// rebinds reports whether entering block s binds v to a new value: the
// body of a range loop whose key or value variable is v.
func rebinds(info *types.Info, s *cfg.Block, v *types.Var) bool {
	rs, ok := s.Stmt.(*ast.RangeStmt)
	if !ok || s.Kind != cfg.KindRangeBody || v == nil {
		return false
	}
	for _, e := range []ast.Expr{rs.Key, rs.Value} {
		if id, ok := e.(*ast.Ident); ok && info.ObjectOf(id) == types.Object(v) {
			return true
		}
	}
	return false
}

// errVarOf returns the variable that receives w's error, or nil.
func (c *checker) errVarOf(w *model.Write) *types.Var {
	cur := w.Cursor
	for {
		if _, ok := cur.Parent().Node().(*ast.ParenExpr); !ok {
			break
		}
		cur = cur.Parent()
	}
	var id *ast.Ident
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && len(p.Lhs) == w.Results && (p.Tok == token.ASSIGN || p.Tok == token.DEFINE) {
			id, _ = p.Lhs[len(p.Lhs)-1].(*ast.Ident)
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && len(p.Names) == w.Results {
			id = p.Names[len(p.Names)-1]
		}
	}
	if id == nil || id.Name == "_" {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return v
}

// assigns reports whether graph node n assigns v.
func assigns(info *types.Info, n ast.Node, v *types.Var) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && info.ObjectOf(id) == v {
				return true
			}
		}
	case *ast.DeclStmt:
		if gd, ok := n.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						if info.Defs[id] == v {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// refreshesObject reports whether w, when it succeeds, leaves the object it
// names holding the server's new version: a controller-runtime write does,
// unless what it is given is a deep copy (r.Update(ctx, obj.DeepCopy())),
// which gets the new version instead. (A wrapper's accessor, job.Object(),
// hands over the object itself.)
func refreshesObject(w *model.Write) bool {
	return w.Kind.RefreshesInPlace() && !sendsDeepCopy(w)
}

// sendsDeepCopy reports whether one of w's arguments is a DeepCopy (or
// DeepCopyObject) of the object w names.
func sendsDeepCopy(w *model.Write) bool {
	if !w.Object.Copied {
		return false
	}
	for _, arg := range w.Call.Args {
		call, ok := ast.Unparen(upstream.StripAddr(arg)).(*ast.CallExpr)
		if !ok {
			continue
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "DeepCopy") && types.ExprString(ast.Unparen(sel.X)) == w.Object.Path {
			return true
		}
	}
	return false
}
