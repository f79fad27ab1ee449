package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
)

// What the code before the failing call tells the walk: the error
// variables known non-nil, or nil, where the path starts.

// knownBefore returns what the code before the failing call tells of
// error variables: inside `if err != nil`, err is not nil, and so is err
// after `err := fmt.Errorf(...)`, unless assigned again before the call.
func (w *walker) knownBefore() pathState {
	var st pathState
	since := make(map[*types.Var]token.Pos) // where each fact was learnt
	learn := func(cond ast.Expr, holds bool) {
		nonNil, nonEmpty := st.nonNil, st.nonEmpty
		w.cd.refine(cond, holds, &st)
		for _, v := range st.nonNil {
			if !slices.Contains(nonNil, v) {
				since[v] = cond.End()
			}
		}
		for _, v := range st.nonEmpty {
			if !slices.Contains(nonEmpty, v) {
				since[v] = cond.End()
			}
		}
	}
	// The statements around the call, outermost first: what an outer
	// condition says holds in the assignments of the blocks inside it.
	type step struct{ node, child ast.Node }
	var chain []step
	child := w.vals.f.cur
	for c := w.vals.f.cur.Parent(); c.Valid() && c.Node() != w.vals.f.fn; child, c = c, c.Parent() {
		chain = append(chain, step{c.Node(), child.Node()})
	}
	for i := len(chain) - 1; i >= 0; i-- {
		switch n := chain[i].node.(type) {
		case *ast.IfStmt:
			if child := chain[i].child; child == n.Body || (n.Else != nil && child == n.Else) {
				learn(n.Cond, child == n.Body)
			}
		case *ast.CaseClause:
			if i+2 < len(chain) {
				if sw, ok := chain[i+2].node.(*ast.SwitchStmt); ok && sw.Tag == nil && !enteredByFallthrough(sw, n) {
					if len(n.List) == 1 {
						learn(n.List[0], true)
					}
					passedCases(sw, n, learn)
				}
			}
			w.learnAssignments(n.Body, chain[i].child, &st, since)
			w.learnNilGuards(n.Body, chain[i].child, &st)
		case *ast.CommClause:
			w.learnAssignments(n.Body, chain[i].child, &st, since)
			w.learnNilGuards(n.Body, chain[i].child, &st)
		case *ast.BlockStmt:
			w.learnAssignments(n.List, chain[i].child, &st, since)
			w.learnNilGuards(n.List, chain[i].child, &st)
		}
	}
	for _, v := range w.vals.errorsCalledIn(w.vals.f.call) {
		st.nonNil = withVar(st.nonNil, v)
		since[v] = w.vals.f.call.Pos()
	}
	if decl, ok := w.vals.f.fn.(*ast.FuncDecl); ok {
		for _, p := range w.vals.k.nonNilParams(decl) {
			st.nonNil = withVar(st.nonNil, p)
			since[p] = decl.Body.Lbrace
		}
	}
	for _, v := range st.nonNil {
		if w.reassignedBetween(v, since[v], w.vals.f.call.Pos(), st) {
			st.nonNil = withoutVar(st.nonNil, v)
		}
	}
	for _, v := range st.nonEmpty {
		if w.assignedBetween(v, since[v], w.vals.f.call.Pos()) {
			st.nonEmpty = withoutVar(st.nonEmpty, v)
		}
	}
	return st
}

// passedCases tells learn that the cases a tagless switch tests before it
// enters clause were false: those of the clauses above it, or of every
// other clause for the default. Only for a clause no fallthrough enters
// (enteredByFallthrough), which tests nothing on the way in.
func passedCases(sw *ast.SwitchStmt, clause *ast.CaseClause, learn func(ast.Expr, bool)) {
	var passed []ast.Expr
	for _, s := range sw.Body.List {
		cc := s.(*ast.CaseClause)
		if cc == clause {
			if clause.List != nil {
				break // a case: only those above it were tested
			}
			continue
		}
		passed = append(passed, cc.List...)
	}
	for _, e := range passed {
		learn(e, false)
	}
}

// enteredByFallthrough reports whether the clause above clause in sw ends
// in a fallthrough, so that clause may run with no case of it tested.
func enteredByFallthrough(sw *ast.SwitchStmt, clause *ast.CaseClause) bool {
	i := slices.Index(sw.Body.List, ast.Stmt(clause))
	if i <= 0 {
		return false
	}
	above := sw.Body.List[i-1].(*ast.CaseClause).Body
	if len(above) == 0 {
		return false
	}
	br, ok := above[len(above)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.FALLTHROUGH
}

// errorsCalledIn returns the error variables whose Error method call's
// arguments call (setState(ctx, failed, err.Error(), obj)): the
// arguments are evaluated first, and a nil error would have panicked, so
// past them each is non-nil.
func (vf *valueFlow) errorsCalledIn(call *ast.CallExpr) []*types.Var {
	var out []*types.Var
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			c, ok := n.(*ast.CallExpr)
			if !ok || len(c.Args) != 0 {
				return true
			}
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
				if v := vf.errorVar(sel.X); v != nil && types.IsInterface(v.Type()) {
					out = withVar(out, v)
				}
			}
			return true
		})
	}
	return out
}

// learnNilGuards records the error variables that a guard before upTo in
// the block leaves nil: `if err != nil { ...; return }` without an else,
// with no assignment of err between the guard and the failing call.
func (w *walker) learnNilGuards(list []ast.Stmt, upTo ast.Node, st *pathState) {
	for _, stmt := range list {
		if stmt == upTo {
			return
		}
		ifs, ok := stmt.(*ast.IfStmt)
		if !ok || ifs.Else != nil || ifs.Init != nil || len(ifs.Body.List) == 0 {
			continue
		}
		if _, returns := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); !returns {
			continue
		}
		x, neq, ok := truth.NilTest(ifs.Cond)
		if !ok || !neq {
			continue
		}
		if v := w.vals.errorVar(x); v != nil && !w.assignedBetween(v, ifs.End(), w.vals.f.call.Pos()) {
			st.nilErrs = withVar(st.nilErrs, v)
		}
	}
}

// learnAssignments records the error variables that the statements of a
// block before upTo assign a value that cannot be nil.
func (w *walker) learnAssignments(list []ast.Stmt, upTo ast.Node, st *pathState, since map[*types.Var]token.Pos) {
	for _, stmt := range list {
		if stmt == upTo {
			return
		}
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, lhs := range as.Lhs {
			if v := w.vals.definedErrorVar(lhs); v != nil && w.vals.k.nonNilExpr(as.Rhs[i], *st) {
				st.nonNil = withVar(st.nonNil, v)
				since[v] = as.End()
			}
			if v := w.vals.errorSliceVar(lhs); v != nil && w.vals.holdsNonNilError(as.Rhs[i], *st) {
				st.nonEmpty = withVar(st.nonEmpty, v)
				since[v] = as.End()
			}
		}
	}
}

// definedErrorVar returns the error variable e (the left of an assignment)
// names, or nil.
func (vf *valueFlow) definedErrorVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := vf.k.info.ObjectOf(id).(*types.Var)
	if !ok || !isErrorValue(v.Type()) {
		return nil
	}
	return v
}

// assignedBetween reports whether v is assigned after from by a statement
// from which the failing call can be reached (an `err = nil; break` in
// another branch does not count).
func (w *walker) assignedBetween(v *types.Var, from, to token.Pos) bool {
	return w.assignedBetweenExcept(v, from, to, nil)
}

// reassignedBetween is assignedBetween for v, an error known non-nil on
// st, except that an assignment of a value that is not nil while v is not
// (err = errors.Wrap(err, msg), err = errors.Join(err, other), err =
// fmt.Errorf(...)) keeps v known: it may change v, not make it nil.
func (w *walker) reassignedBetween(v *types.Var, from, to token.Pos, st pathState) bool {
	return w.assignedBetweenExcept(v, from, to, func(as *ast.AssignStmt) bool { return w.keepsNonNil(as, v, st) })
}

// assignedBetweenExcept is assignedBetween, not counting the assignments
// kept accepts (nil: none).
func (w *walker) assignedBetweenExcept(v *types.Var, from, to token.Pos, kept func(*ast.AssignStmt) bool) bool {
	found := false
	ast.Inspect(w.vals.f.fn, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= to || n.End() <= from {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.Pos() >= from && defines(w.vals.k.info, as, v) && (kept == nil || !kept(as)) && w.reachesFailure(as) {
			found = true
		}
		return true
	})
	return found
}

// keepsNonNil reports whether as gives v a value that cannot be nil on
// st, where v is known non-nil.
func (w *walker) keepsNonNil(as *ast.AssignStmt, v *types.Var, st pathState) bool {
	if len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for i, lhs := range as.Lhs {
		if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && w.vals.k.info.ObjectOf(id) == v {
			return w.vals.k.nonNilExpr(as.Rhs[i], st)
		}
	}
	return false
}

// reachesFailure reports whether the failing call can run after the graph
// node holding from.
func (w *walker) reachesFailure(from ast.Node) bool {
	fb, fi := findNode(w.g, from)
	tb, ti := nodeOf(w.g, w.vals.f.cur)
	if fb == nil || tb == nil {
		return true // not placed: assume it can
	}
	if fb == tb && fi < ti {
		return true
	}
	reached := false
	visitFrom(fb.Succs, func(b *cfg.Block) bool {
		reached = reached || b == tb
		return !reached
	})
	return reached
}
