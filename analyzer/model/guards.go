package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A returner's conflict-prone write may run only for one value of a bool
// parameter: `if merge { return c.Patch(ctx, obj, client.MergeFrom(base)) };
// return c.Update(ctx, obj)` writes with a resourceVersion only when merge
// is false. A call that passes the other value as a constant takes the
// path without the write, and hands no Conflict on.

// Guard is a bool parameter a returner's writes need: they run only when
// parameter Param holds When.
type Guard struct {
	Param int
	When  bool
}

// guardOf returns the bool parameter of decl that the write at cur needs:
// the write sits in a branch of `if p` or `if !p`, or after an early
// `if p { return ... }` in a block around it.
func guardOf(info *types.Info, decl *ast.FuncDecl, cur inspector.Cursor) *Guard {
	params := boolParams(info, decl)
	if len(params) == 0 {
		return nil
	}
	return testGuard(decl, cur, func(cond ast.Expr) (int, bool, bool) { return paramTest(info, params, cond) })
}

// testGuard returns what the write at cur needs of a parameter of decl
// that test recognizes in a condition (its index, and whether the
// parameter has the property when the condition holds): the write sits in
// a branch of such a test, or after an early return on it in a block
// around it.
func testGuard(decl *ast.FuncDecl, cur inspector.Cursor, test func(ast.Expr) (int, bool, bool)) *Guard {
	child := cur
	for c := cur.Parent(); c.Valid() && c.Node() != decl; child, c = c, c.Parent() {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			if i, holds, ok := test(n.Cond); ok {
				switch child.Node() {
				case n.Body:
					return &Guard{i, holds}
				case n.Else:
					return &Guard{i, !holds}
				}
			}
		case *ast.BlockStmt:
			if g := earlyReturnGuard(n.List, child.Node(), test); g != nil {
				return g
			}
		}
	}
	return nil
}

// earlyReturnGuard looks for `if p { return ... }` before upTo in list.
func earlyReturnGuard(list []ast.Stmt, upTo ast.Node, test func(ast.Expr) (int, bool, bool)) *Guard {
	for _, stmt := range list {
		if stmt == upTo {
			break
		}
		ifs, ok := stmt.(*ast.IfStmt)
		if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 {
			continue
		}
		if _, ret := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); !ret {
			continue
		}
		if i, holds, ok := test(ifs.Cond); ok {
			return &Guard{i, !holds}
		}
	}
	return nil
}

// paramTest reports whether cond is p or !p for a bool parameter p, its
// index, and the value of p when cond holds.
func paramTest(info *types.Info, params map[*types.Var]int, cond ast.Expr) (int, bool, bool) {
	e, holds := unnegated(cond)
	i, ok := paramOf(info, params, e)
	return i, holds, ok
}

// unnegated returns cond without a leading `!`, and whether cond holds
// when what is returned does.
func unnegated(cond ast.Expr) (ast.Expr, bool) {
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return ast.Unparen(u.X), false
	}
	return e, true
}

// paramOf returns the index of the parameter among params that e names.
func paramOf(info *types.Info, params map[*types.Var]int, e ast.Expr) (int, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return 0, false
	}
	i, ok := params[v]
	return i, ok
}

// boolParams indexes the bool parameters of decl that the function never
// assigns.
func boolParams(info *types.Info, decl *ast.FuncDecl) map[*types.Var]int {
	return unassignedParams(info, decl, func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	})
}

// unassignedParams indexes the parameters of decl whose type keep accepts
// and that the function never assigns.
func unassignedParams(info *types.Info, decl *ast.FuncDecl, keep func(types.Type) bool) map[*types.Var]int {
	out := make(map[*types.Var]int)
	i := 0
	for _, field := range decl.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, name := range names {
			if v, ok := info.Defs[name].(*types.Var); ok && keep(v.Type()) && !assignsVar(info, decl.Body, v) {
				out[v] = i
			}
			i++
		}
	}
	return out
}

// A helper may write only when an error it is handed is not a Conflict:
// `if apierrors.IsConflict(err) { return ctrl.Result{Requeue: true}, nil }`
// and then a status write that records the other failure. Given the
// failure of a write of the same object, the helper's write runs only
// when that write did not conflict, so it does not resend a refused
// version.

// writeConflictParam returns the error parameter of decl that decl's own
// write w needs not to be a Conflict, or -1 (also for a write in a
// function literal, which may run apart from the test). Returners and
// silent writers read their guards from it alike.
func writeConflictParam(info *types.Info, decl *ast.FuncDecl, w *Write) int {
	if decl == nil || w.FuncNode != ast.Node(decl) {
		return -1
	}
	return conflictGuardOf(info, decl, w.Cursor)
}

// conflictGuardOf returns the error parameter of decl that the write at
// cur needs not to be a Conflict, or -1.
func conflictGuardOf(info *types.Info, decl *ast.FuncDecl, cur inspector.Cursor) int {
	params := unassignedParams(info, decl, upstream.IsErrorType)
	if len(params) == 0 {
		return -1
	}
	g := testGuard(decl, cur, func(cond ast.Expr) (int, bool, bool) { return conflictTest(info, params, cond) })
	if g == nil || g.When {
		return -1
	}
	return g.Param
}

// conflictTest reports whether cond is IsConflict(p) or !IsConflict(p) for
// an error parameter p, its index, and whether p is a Conflict when cond
// holds.
func conflictTest(info *types.Info, params map[*types.Var]int, cond ast.Expr) (int, bool, bool) {
	e, holds := unnegated(cond)
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return 0, false, false
	}
	if fn := upstream.Callee(info, call); fn == nil || !fate.IsConflictCheck(fn) {
		return 0, false, false
	}
	i, ok := paramOf(info, params, call.Args[0])
	return i, holds, ok
}

func assignsVar(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// mergeGuards returns the guard all of a function's writes share, or nil.
func mergeGuards(gs []*Guard) *Guard {
	if len(gs) == 0 || gs[0] == nil {
		return nil
	}
	for _, g := range gs[1:] {
		if g == nil || *g != *gs[0] {
			return nil
		}
	}
	return gs[0]
}

// guardExcludes reports whether call passes, for r's guard parameter, the
// constant that keeps r's writes from running.
func guardExcludes(info *types.Info, call *ast.CallExpr, r Returner) bool {
	if r.Guard == nil || r.Guard.Param >= len(call.Args) {
		return false
	}
	v := info.Types[call.Args[r.Guard.Param]].Value
	return v != nil && v.Kind() == constant.Bool && constant.BoolVal(v) != r.Guard.When
}
