package staleupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
	"github.com/conflictlint/conflictlint/analyzer/kube/fate"
)

// outcome is what a path knows about how the first write ended.
type outcome uint8

const (
	unknown outcome = iota
	failed
	succeeded
	// otherFailure: the write failed with an error known not to be a
	// Conflict (IsNotFound, a sentinel, a message no Conflict has): the
	// server kept the object as it was, so it is not stale.
	otherFailure
)

// refine narrows cur by what a branch implies; ok is false when the branch
// contradicts what the path already knows (the path is infeasible).
func refine(cur, implied outcome) (next outcome, ok bool) {
	switch {
	case implied == unknown || cur == implied:
		return cur, true
	case cur == unknown, implied == otherFailure && cur == failed:
		return implied, true
	}
	return cur, false
}

// walkResult is what the walk from one write found.
type walkResult struct {
	// hits maps each later write of the object reached without a re-read
	// to the outcomes of the first write on the paths that reach it.
	hits map[*kube.Write]map[outcome]bool
	// failEntries are the blocks entered where a path learns that the
	// first write failed.
	failEntries []*cfg.Block
	// dirty: the object's variable is used on a path where the first write
	// failed or may have failed.
	dirty bool
}

// walk follows the graph from w to the next writes of its object, keeping
// what each path knows about w's error, and stops a path at a re-read, at a
// write of the object, or where a controller-runtime write is known to have
// succeeded (it refreshed the object).
func (c *checker) walk(fg *fnGraph, w *kube.Write) *walkResult {
	info := c.pass.TypesInfo
	obj := w.Object
	errVar := c.errVarOf(w)
	res := &walkResult{hits: make(map[*kube.Write]map[outcome]bool)}

	type state struct {
		b       *cfg.Block
		out     outcome
		errLive bool // errVar still holds w's error
	}
	type item struct {
		state
		from int
	}
	start := fg.at[w]
	if fg.refreshes(start.b.Nodes[start.i], obj) {
		return res // obj, err = c.Update(ctx, obj, opts): the result replaces the object
	}
	work := []item{{state{start.b, unknown, errVar != nil}, start.i + 1}}
	seen := make(map[state]bool)
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		out, live := it.out, it.errLive
		stopped := false
		for _, n := range it.b.Nodes[it.from:] {
			if w2 := fg.writeOf(n, obj); w2 != nil {
				if w2.Kind != api.WriteCreateOrUpdate { // it re-reads the object itself
					if res.hits[w2] == nil {
						res.hits[w2] = make(map[outcome]bool)
					}
					res.hits[w2][out] = true
				}
				stopped = true
				break
			}
			if fg.refreshes(n, obj) {
				stopped = true
				break
			}
			if out != succeeded && fixes.Mentions(info, n, obj.Root) {
				res.dirty = true
			}
			if live && assigns(info, n, errVar) {
				live = false
			}
		}
		if stopped {
			continue
		}
		onTrue, onFalse := unknown, unknown
		if cond := fg.condOf(it.b, info); cond != nil {
			var v *types.Var
			if live {
				v = errVar
			}
			onTrue, onFalse = c.eval(cond, v, w.Call)
		}
		for i, s := range it.b.Succs {
			implied := unknown
			if len(it.b.Succs) == 2 {
				implied = [2]outcome{onTrue, onFalse}[i]
			}
			next, ok := refine(out, implied)
			if !ok || next == otherFailure || (next == succeeded && w.Kind.RefreshesInPlace()) {
				continue
			}
			if next == failed && out == unknown {
				res.failEntries = append(res.failEntries, s)
			}
			st := state{s, next, live}
			if !seen[st] {
				seen[st] = true
				work = append(work, item{st, 0})
			}
		}
	}
	return res
}

// errVarOf returns the variable that receives w's error, or nil.
func (c *checker) errVarOf(w *kube.Write) *types.Var {
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

// eval tells what the truth of cond implies about the first write: its
// error is errVar (nil when no longer known) or the call itself. The graph
// keeps whole conditions, so !, && and || are taken apart here.
func (c *checker) eval(cond ast.Expr, errVar *types.Var, call *ast.CallExpr) (onTrue, onFalse outcome) {
	info := c.pass.TypesInfo
	isErr := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if e == ast.Expr(call) {
			return true
		}
		id, ok := e.(*ast.Ident)
		return ok && errVar != nil && info.Uses[id] == errVar
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t, f := c.eval(e.X, errVar, call)
			return f, t
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND: // true: both hold; false: either fails
			xt, xf := c.eval(e.X, errVar, call)
			yt, yf := c.eval(e.Y, errVar, call)
			return both(xt, yt), either(xf, yf)
		case token.LOR:
			xt, xf := c.eval(e.X, errVar, call)
			yt, yf := c.eval(e.Y, errVar, call)
			return either(xt, yt), both(xf, yf)
		case token.EQL, token.NEQ:
			x, y := e.X, e.Y
			if isNil(x) {
				x, y = y, x
			}
			if !isNil(y) {
				break
			}
			switch {
			case isErr(x) && e.Op == token.NEQ: // err != nil
				return failed, succeeded
			case isErr(x): // err == nil
				return succeeded, failed
			case isErrFilter(info, x, isErr) && e.Op == token.NEQ: // client.IgnoreNotFound(err) != nil
				return failed, unknown
			case isErrFilter(info, x, isErr):
				return unknown, failed
			}
		}
	case *ast.CallExpr:
		// apierrors.IsConflict(err): a Conflict; any other apierrors
		// predicate, errors.Is, or a message no Conflict carries: another
		// failure.
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		if !ok || fn.Pkg() == nil || len(e.Args) == 0 {
			break
		}
		switch {
		case fate.IsConflictCheck(fn) && isErr(e.Args[0]):
			return failed, unknown
		case syntax.PkgPath(fn.Pkg()) == "errors" && fn.Name() == "As" && isErr(e.Args[0]):
			return failed, unknown // a *StatusError target matches a Conflict too
		case api.IsErrorPredicatePkg(syntax.PkgPath(fn.Pkg())) && isErr(e.Args[0]):
			return otherFailure, unknown
		case fate.TestsMessageAgainstNonConflict(info, e, isErr):
			return otherFailure, unknown
		}
	}
	return unknown, unknown
}

// both is what is known when two facts hold together.
func both(x, y outcome) outcome {
	switch {
	case x == failed && y == otherFailure, x == otherFailure && y == failed:
		return otherFailure // a failure, and not a Conflict
	case x == unknown:
		return y
	case y == unknown || x == y:
		return x
	}
	return unknown // contradictory: leave the path alone
}

// either is what is known when one of two facts holds.
func either(x, y outcome) outcome {
	if x == y {
		return x
	}
	if (x == failed || x == otherFailure) && (y == failed || y == otherFailure) {
		return failed
	}
	return unknown
}

// isErrFilter reports whether x is a call with a single error result whose
// first argument is the error (client.IgnoreNotFound(err)).
func isErrFilter(info *types.Info, x ast.Expr, isErr func(ast.Expr) bool) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || !isErr(call.Args[0]) {
		return false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	res := fn.Signature().Results()
	return res.Len() == 1 && types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type())
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
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
