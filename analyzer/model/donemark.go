package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A done mark: a step of a state machine runs only while a field of the
// object does not hold a value (`if t.Status.Pools[i].State == Initialized
// { continue }`), and the same function, after the step, sets the field to
// that value and writes the object (minio's pool loop: the restart step
// sets WaitingOnReady, then the pool is marked Initialized and saved).
// When the step's change is dropped while its call tells success (a retry
// helper that re-reads and writes back the server's copy), the function
// goes on, the mark lands, and the next run skips the step: the change is
// lost for good, whatever watches or periods run the function again.
// A failed write is not judged this way: the mark's write would carry the
// same stale version and fail too, unless something re-read the object.

// DroppedAsDone grades a change given up at cur while the call there
// tells success: as a dropped failure, and lost when a done mark set
// after cur makes the next run skip it.
func (g *Grading) DroppedAsDone(cur inspector.Cursor, kind types.Type) consequence.Evidence {
	e := g.Consequence(cur, kind, fate.Dropped)
	if e.Grade != consequence.Lost && g.markSkipsRerun(cur) {
		return consequence.Evidence{Grade: consequence.Lost}
	}
	return e
}

// doneMark is a test that a field holds a value: the chain expr, its
// root variable and the constant.
type doneMark struct {
	expr  string
	root  *types.Var
	value constant.Value
}

// markSkipsRerun reports whether a test around cur skips it once a field
// holds a value, and the function sets that field to that value after cur
// and then writes the field's object, both on its way on.
func (g *Grading) markSkipsRerun(cur inspector.Cursor) bool {
	if g.info == nil || enclosingDecl(cur) == nil {
		return false
	}
	for _, m := range g.marksAround(cur) {
		if g.markedAfter(cur, m) {
			return true
		}
	}
	return false
}

// marksAround returns the done marks that guard cur in its function: an
// if statement around it testing `x != V`, or an earlier statement of a
// block around it, `if x == V { ...; continue }` (or return, break).
func (g *Grading) marksAround(cur inspector.Cursor) []doneMark {
	var marks []doneMark
	child := cur
	for c := cur.Parent(); c.Node() != nil; child, c = c, c.Parent() {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return marks
		case *ast.IfStmt:
			if child.Node() == n.Body {
				marks = g.appendMark(marks, n.Cond, token.NEQ)
			}
		case *ast.BlockStmt:
			for _, s := range n.List {
				if s == child.Node() {
					break
				}
				if is, ok := s.(*ast.IfStmt); ok && is.Else == nil && leavesAtEnd(is.Body) {
					marks = g.appendMark(marks, is.Cond, token.EQL)
				}
			}
		}
	}
	return marks
}

// appendMark appends the mark cond tests when it is `x op V`, x a chain
// of fields or indexes rooted at a variable and V a constant.
func (g *Grading) appendMark(marks []doneMark, cond ast.Expr, op token.Token) []doneMark {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != op {
		return marks
	}
	x, v := be.X, g.info.Types[be.Y].Value
	if v == nil {
		x, v = be.Y, g.info.Types[be.X].Value
	}
	root := typeinfo.ChainRoot(g.info, x)
	if _, plain := ast.Unparen(x).(*ast.Ident); v == nil || root == nil || plain {
		return marks // a plain variable is not a field the object carries
	}
	return append(marks, doneMark{expr: types.ExprString(x), root: root, value: v})
}

// markedAfter reports whether, after cur's statement, a block around it
// assigns m's value to m's chain and, in a later statement, writes m's
// root object on its way on.
func (g *Grading) markedAfter(cur inspector.Cursor, m doneMark) bool {
	for later := range statementsAfter(cur) {
		marked := false
		for _, s := range later {
			switch {
			case !marked:
				marked = g.setsMark(s, m)
			case callsOnWay(s, func(call *ast.CallExpr) bool { return g.saves(call, m.root) }):
				return true
			}
		}
	}
	return false
}

// setsMark reports whether s is `x = V` for m's chain and value.
func (g *Grading) setsMark(s ast.Stmt, m doneMark) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	v := g.info.Types[as.Rhs[0]].Value
	return v != nil && v.Kind() == m.value.Kind() && constant.Compare(v, token.EQL, m.value) &&
		types.ExprString(as.Lhs[0]) == m.expr && typeinfo.ChainRoot(g.info, as.Lhs[0]) == m.root
}

// leavesAtEnd reports whether block ends by leaving: a return, or a
// continue or break of the loop around it.
func leavesAtEnd(block *ast.BlockStmt) bool {
	if block == nil || len(block.List) == 0 {
		return false
	}
	switch s := block.List[len(block.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Label == nil && (s.Tok == token.CONTINUE || s.Tok == token.BREAK)
	}
	return false
}

// saves reports whether call writes root's object: a write of it, or a
// call of a function of the package that writes the parameter root is
// handed as, itself or through such a function.
func (g *Grading) saves(call *ast.CallExpr, root *types.Var) bool {
	return g.savesDepth(call, root, nil, 3)
}

// savesDepth is saves through at most depth functions; copies are the
// variables a function made from root (`c := root.DeepCopy()`).
func (g *Grading) savesDepth(call *ast.CallExpr, root *types.Var, copies map[*types.Var]bool, depth int) bool {
	if w := g.res.WriteAt(call); w != nil {
		return w.Object.Root == root || copies[w.Object.Root]
	}
	callee := upstream.Callee(g.info, call)
	if depth == 0 || callee == nil {
		return false
	}
	decl := g.res.decls[callee.Origin()]
	if decl == nil || decl.Body == nil {
		return false
	}
	params := syntax.ParamVars(g.info, decl)
	for i, arg := range call.Args {
		if i >= len(params) || typeinfo.ChainRoot(g.info, upstream.StripAddr(arg)) != root {
			continue
		}
		found, copies := false, copiesOf(g.info, decl, params[i])
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && !found {
				found = g.savesDepth(c, params[i], copies, depth-1)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// copiesOf returns the variables decl defines as a copy of v
// (`c := v.DeepCopy()`, `c := v`).
func copiesOf(info *types.Info, decl *ast.FuncDecl, v *types.Var) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		src := as.Rhs[0]
		if call, ok := ast.Unparen(src).(*ast.CallExpr); ok && len(call.Args) == 0 {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" {
				src = sel.X
			}
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && plainVar(info, src) == v {
			if c, ok := info.Defs[id].(*types.Var); ok {
				out[c] = true
			}
		}
		return true
	})
	return out
}
