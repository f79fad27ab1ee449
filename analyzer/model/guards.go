package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
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
	child := cur
	for c := cur.Parent(); c.Valid() && c.Node() != decl; child, c = c, c.Parent() {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			if i, holds, ok := paramTest(info, params, n.Cond); ok {
				switch child.Node() {
				case n.Body:
					return &Guard{i, holds}
				case n.Else:
					return &Guard{i, !holds}
				}
			}
		case *ast.BlockStmt:
			if g := earlyReturnGuard(info, params, n.List, child.Node()); g != nil {
				return g
			}
		}
	}
	return nil
}

// earlyReturnGuard looks for `if p { return ... }` before upTo in list.
func earlyReturnGuard(info *types.Info, params map[*types.Var]int, list []ast.Stmt, upTo ast.Node) *Guard {
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
		if i, holds, ok := paramTest(info, params, ifs.Cond); ok {
			return &Guard{i, !holds}
		}
	}
	return nil
}

// paramTest reports whether cond is p or !p for a bool parameter p, its
// index, and the value of p when cond holds.
func paramTest(info *types.Info, params map[*types.Var]int, cond ast.Expr) (int, bool, bool) {
	holds := true
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		holds, e = false, ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return 0, false, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return 0, false, false
	}
	i, ok := params[v]
	return i, holds, ok
}

// boolParams indexes the bool parameters of decl that the function never
// assigns.
func boolParams(info *types.Info, decl *ast.FuncDecl) map[*types.Var]int {
	out := make(map[*types.Var]int)
	i := 0
	for _, field := range decl.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, name := range names {
			if v, ok := info.Defs[name].(*types.Var); ok {
				if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool && !assignsVar(info, decl.Body, v) {
					out[v] = i
				}
			}
			i++
		}
	}
	return out
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
