package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
)

// An edge-triggered write: before it, the function records in state that
// outlives the call (a package variable, a field of its receiver) a value
// that a test earlier in the same function reads to return early
// (kube-ovn's `exGwEnabled = "true"; lastExGwCM = cm.Data` before the
// Update, under `if exGwEnabled == "true" && maps.Equal(cm.Data,
// lastExGwCM) { return }`). The next run, on the object's event or on a
// tick, returns before it reaches the write again: a lost write there is
// lost for good, whatever watches or periods would otherwise redo it.

// memoSkipsRerun reports whether the function around cur records, before
// cur, state that makes one of its earlier early returns taken on the next
// run.
func memoSkipsRerun(info *types.Info, cur inspector.Cursor) bool {
	decl := enclosingDecl(cur)
	if decl == nil || decl.Body == nil || info == nil {
		return false
	}
	memo := memoValues(info, decl, cur.Node().Pos())
	if len(memo) == 0 {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if !found && n.Pos() < memo.first() && returnsAtEnd(n.Body) && memo.makesTrue(info, n.Cond) {
				found = true
			}
		}
		return !found
	})
	return found
}

// enclosingDecl returns the function declaration around cur, or nil when a
// function literal comes first (it runs at another time).
func enclosingDecl(cur inspector.Cursor) *ast.FuncDecl {
	decl, _ := syntax.EnclosingFuncNode(cur).(*ast.FuncDecl)
	return decl
}

// memoState maps each variable of lasting state (a package variable, a
// field of the receiver) that the function assigns before the write, and
// never after it, to the assignment's value.
type memoState map[*types.Var]*ast.AssignStmt

// memoValues finds decl's memo assignments before pos.
func memoValues(info *types.Info, decl *ast.FuncDecl, pos token.Pos) memoState {
	recv := receiverVar(info, decl)
	out := make(memoState)
	after := make(map[*types.Var]bool)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				v := lastingVar(info, lhs, recv)
				switch {
				case v == nil:
				case n.Pos() < pos:
					out[v] = n
				default:
					after[v] = true
				}
			}
		}
		return true
	})
	for v := range after {
		delete(out, v) // reset after the write (maybe on its failure)
	}
	return out
}

// first is the position of the earliest memo assignment.
func (m memoState) first() token.Pos {
	first := token.NoPos
	for _, as := range m {
		if first == token.NoPos || as.Pos() < first {
			first = as.Pos()
		}
	}
	return first
}

// stripIndex returns e without its indexes and parentheses (`c.done[key]`
// is c.done).
func stripIndex(e ast.Expr) ast.Expr {
	for {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		if !ok {
			return ast.Unparen(e)
		}
		e = ix.X
	}
}

// receiverVar returns decl's receiver, or nil.
func receiverVar(info *types.Info, decl *ast.FuncDecl) *types.Var {
	if fn, ok := info.Defs[decl.Name].(*types.Func); ok {
		return fn.Signature().Recv()
	}
	return nil
}

// lastingVar returns the variable of lasting state e names (through an
// index: `c.done[key]`): a package variable, or a field of recv.
func lastingVar(info *types.Info, e ast.Expr, recv *types.Var) *types.Var {
	switch e := stripIndex(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[e].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			return v
		}
	case *ast.SelectorExpr:
		x, ok := ast.Unparen(e.X).(*ast.Ident)
		if !ok || recv == nil || info.Uses[x] != recv {
			return nil
		}
		if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.IsField() {
			return v
		}
	}
	return nil
}

// makesTrue reports whether the recorded state makes cond true: each leaf
// that reads a memo variable is judged by the value recorded (a boolean, a
// nil test, a constant compared, or a comparison or call that puts it
// beside the expression it was given), and the others are unknown.
func (m memoState) makesTrue(info *types.Info, cond ast.Expr) bool {
	read := false
	v := truth.Eval(info, cond, func(l truth.Leaf) truth.Value {
		mv := m.readIn(info, l.Expr)
		if mv == nil {
			return truth.Unknown
		}
		read = true
		return m.judge(info, l, mv)
	})
	return read && v == truth.True
}

// readIn returns the memo variable expression e reads, or nil.
func (m memoState) readIn(info *types.Info, e ast.Expr) *types.Var {
	var found *types.Var
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && found == nil {
			if v, ok := info.Uses[id].(*types.Var); ok && m[v] != nil {
				found = v
			}
		}
		return found == nil
	})
	return found
}

// judge decides a leaf reading mv by the value mv was given.
func (m memoState) judge(info *types.Info, l truth.Leaf, mv *types.Var) truth.Value {
	val := assignedValue(m[mv], mv, info)
	switch {
	case val == nil:
		return truth.Unknown
	case l.NonNil != nil:
		return truth.Of(!truth.IsNil(val))
	case l.Var == mv || isRefTo(info, l.Expr, mv):
		return truth.Const(info, val) // `if c.applied { return }`
	}
	switch e := l.Expr.(type) {
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return truth.Unknown
		}
		eq, known := sameConstant(info, e, val)
		if !known {
			eq, known = sameExpr(e.X, val) || sameExpr(e.Y, val), sameExpr(e.X, val) || sameExpr(e.Y, val)
		}
		if !known {
			return truth.Unknown
		}
		return truth.Of(eq == (e.Op == token.EQL))
	case *ast.CallExpr:
		// maps.Equal(cm.Data, lastExGwCM) after lastExGwCM = cm.Data
		for _, a := range e.Args {
			if sameExpr(a, val) {
				return truth.True
			}
		}
	}
	return truth.Unknown
}

// isRefTo reports whether e is the field selection or variable mv itself.
func isRefTo(info *types.Info, e ast.Expr, mv *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return info.Uses[e.Sel] == mv
	case *ast.Ident:
		return info.Uses[e] == mv
	}
	return false
}

// sameExpr reports whether a and b are written alike.
func sameExpr(a, b ast.Expr) bool {
	return types.ExprString(ast.Unparen(a)) == types.ExprString(ast.Unparen(b))
}

// assignedValue returns the expression as assigns to mv, or nil.
func assignedValue(as *ast.AssignStmt, mv *types.Var, info *types.Info) ast.Expr {
	if as == nil || len(as.Lhs) != len(as.Rhs) {
		return nil
	}
	for i, lhs := range as.Lhs {
		switch lhs := stripIndex(lhs).(type) {
		case *ast.Ident:
			if info.Uses[lhs] == mv {
				return as.Rhs[i]
			}
		case *ast.SelectorExpr:
			if info.Uses[lhs.Sel] == mv {
				return as.Rhs[i]
			}
		}
	}
	return nil
}

// sameConstant reports whether the constant side of the comparison b
// equals the constant val, when both are constants.
func sameConstant(info *types.Info, b *ast.BinaryExpr, val ast.Expr) (eq, known bool) {
	v := info.Types[val].Value
	if v == nil {
		return false, false
	}
	for _, side := range []ast.Expr{b.X, b.Y} {
		if c := info.Types[side].Value; c != nil && c.Kind() == v.Kind() {
			return constant.Compare(c, token.EQL, v), true
		}
	}
	return false, false
}

// returnsAtEnd reports whether block ends in a return.
func returnsAtEnd(block *ast.BlockStmt) bool {
	if block == nil || len(block.List) == 0 {
		return false
	}
	_, ok := block.List[len(block.List)-1].(*ast.ReturnStmt)
	return ok
}
