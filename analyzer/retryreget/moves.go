package retryreget

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// mover walks back from the statement that makes the retry call to the
// object's last read, collecting the mutations the re-read would wipe.
type mover struct {
	fx    *fixer
	w     *model.Write
	root  *types.Var
	outer ast.Node

	moves   []ast.Stmt            // found walking back: reverse source order
	between map[types.Object]bool // names used by statements that stay, after a move
	jumps   bool                  // a statement that stays can leave before the retry
}

// movableMutations returns, in source order, the statements to move into
// the closure after the re-read. ok is false when the walk cannot show that
// moving them (and re-reading) keeps the behaviour.
func (fx *fixer) movableMutations(w *model.Write, outer ast.Node) ([]ast.Stmt, bool) {
	m := &mover{fx: fx, w: w, root: w.Object.Root, outer: outer, between: make(map[types.Object]bool)}
	cur, list, idx, ok := fixes.EnclosingStmt(w.Scope.Cursor)
	immediate := true
	for ok {
		for i := idx - 1; i >= 0; i-- {
			done, fine := m.visit(list[i], immediate)
			if !fine {
				return nil, false
			}
			if done {
				slices.Reverse(m.moves)
				return m.moves, true
			}
		}
		// The start of a nested block: look at the statement around it.
		from := cur.Parent()
		var header ast.Stmt
		cur, list, idx, ok = fixes.EnclosingStmt(from)
		if !ok {
			return nil, false // the function's start, and no read in sight
		}
		header = list[idx]
		done, fine := m.header(header, from.Node())
		if !fine {
			return nil, false
		}
		if done {
			slices.Reverse(m.moves)
			return m.moves, true
		}
		immediate = false
	}
	return nil, false
}

// header checks the statement whose nested block holds the retry: the init
// of an if or switch may be the read; a loop cannot be crossed.
func (m *mover) header(s ast.Stmt, from ast.Node) (done, ok bool) {
	switch s := s.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt, *ast.LabeledStmt:
		return false, false
	case *ast.IfStmt:
		if s.Init != nil && m.isBoundary(s.Init) {
			return true, !m.mentionsOutside(s, s.Init, from)
		}
	case *ast.SwitchStmt:
		if s.Init != nil && m.isBoundary(s.Init) {
			return true, !m.mentionsOutside(s, s.Init, from)
		}
	}
	if m.mentionsOutside(s, nil, from) {
		return false, false
	}
	m.record(s, from)
	return false, true
}

// mentionsOutside reports whether s mentions the object outside the
// subtrees skip1 and skip2.
func (m *mover) mentionsOutside(s ast.Node, skip1, skip2 ast.Node) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if n == nil || found || n == skip1 || n == skip2 {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && m.fx.pass.TypesInfo.ObjectOf(id) == m.root {
			found = true
		}
		return !found
	})
	return found
}

// visit classifies one statement before the retry. done means the last
// read was found; !ok means the fix must be given up.
func (m *mover) visit(s ast.Stmt, immediate bool) (done, ok bool) {
	info := m.fx.pass.TypesInfo
	if m.isBoundary(s) {
		return true, true
	}
	if !fixes.Mentions(info, s, m.root) {
		m.record(s, nil)
		return false, true
	}
	if immediate && m.movable(s) {
		if m.jumps || m.between[m.root] {
			return false, false
		}
		for _, o := range usedObjects(info, s) {
			if o != m.root && m.between[o] {
				return false, false
			}
		}
		m.moves = append(m.moves, s)
		return false, true
	}
	if m.readOnly(s) {
		m.record(s, nil)
		return false, true
	}
	return false, false
}

// record notes what a statement that stays uses, and whether it can leave.
func (m *mover) record(s ast.Node, skip ast.Node) {
	for _, o := range usedObjects(m.fx.pass.TypesInfo, s) {
		m.between[o] = true
	}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			m.jumps = true
		}
		return n != skip
	})
}

// isBoundary reports whether s unconditionally reads or declares the
// object, so that nothing before it matters. A statement that reads it
// only on some paths is not a boundary; visit then gives up on it.
func (m *mover) isBoundary(s ast.Stmt) bool {
	if syntax.Encloses(s, m.root.Pos()) {
		return true // the declaration
	}
	f := fixes.FileOf(m.fx.pass, s.Pos())
	for _, rd := range m.fx.res.ReadsOf(m.w.Object, s) {
		path, _ := astutil.PathEnclosingInterval(f, rd.Node.Pos(), rd.Node.End())
		conditional := false
		for _, n := range path {
			if n == s {
				break
			}
			switch n.(type) {
			case *ast.BlockStmt, *ast.FuncLit, *ast.CaseClause, *ast.CommClause:
				conditional = true
			case *ast.BinaryExpr:
				if be := n.(*ast.BinaryExpr); be.Op == token.LAND || be.Op == token.LOR {
					conditional = true
				}
			}
		}
		if !conditional {
			return true
		}
	}
	return false
}

// movable reports whether s is a plain mutation of the object that can run
// inside the closure instead: an assignment or ++/-- to its fields, delete
// from one of its maps, a Set method on it, or controllerutil's finalizer
// helpers, with operands that call nothing.
func (m *mover) movable(s ast.Stmt) bool {
	info := m.fx.pass.TypesInfo
	if !callFreeExceptTop(info, s) {
		return false
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		return fixes.Assigns(info, s, func(lhs ast.Expr) bool {
			_, bare := ast.Unparen(lhs).(*ast.Ident)
			return !bare && typeinfo.ChainRoot(info, lhs) == m.root
		})
	case *ast.IncDecStmt:
		return typeinfo.ChainRoot(info, s.X) == m.root
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		return m.mutatingCall(call)
	}
	return false
}

// mutatingCall reports whether call is a known in-place mutation of the
// object whose other operands call nothing.
func (m *mover) mutatingCall(call *ast.CallExpr) bool {
	info := m.fx.pass.TypesInfo
	for _, a := range call.Args {
		if !fixes.SideEffectFree(info, a) {
			return false
		}
	}
	if name := upstream.CalledBuiltin(info, call); name != "" {
		return name == "delete" && len(call.Args) == 2 && typeinfo.ChainRoot(info, call.Args[0]) == m.root
	}
	for _, name := range []string{"AddFinalizer", "RemoveFinalizer"} {
		if upstream.IsCallTo(info, call, upstream.FuncKey{Pkg: upstream.ControllerUtilPath, Name: name}) && len(call.Args) == 2 {
			return typeinfo.ChainRoot(info, upstream.StripAddr(call.Args[0])) == m.root
		}
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	selection := info.Selections[sel]
	return selection != nil && selection.Kind() == types.MethodVal &&
		strings.HasPrefix(sel.Sel.Name, "Set") && typeinfo.ChainRoot(info, sel.X) == m.root
}

// callFreeExceptTop reports whether s calls nothing except, for an
// expression statement, its own top-level call.
func callFreeExceptTop(info *types.Info, s ast.Stmt) bool {
	if es, ok := s.(*ast.ExprStmt); ok {
		if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
			for _, a := range call.Args {
				if !fixes.SideEffectFree(info, a) {
					return false
				}
			}
			return true
		}
	}
	return fixes.SideEffectFree(info, s)
}

// readOnly reports whether every use of the object in s reads a field of
// basic type (cm.Name, cm.GetNamespace()), which nothing can mutate through.
func (m *mover) readOnly(s ast.Stmt) bool {
	return fixes.ReadsOnlyBasicFields(m.fx.pass, s, m.root)
}

// usedObjects lists the variables s refers to.
func usedObjects(info *types.Info, s ast.Node) []types.Object {
	var out []types.Object
	ast.Inspect(s, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.ObjectOf(id).(*types.Var); ok && !v.IsField() {
				out = append(out, v)
			}
		}
		return true
	})
	return out
}
