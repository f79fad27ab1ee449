package kube

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// markUnconditional finds writes that cannot conflict: an Update of a
// built-in object built in the function from a literal without a
// resourceVersion, never read or handed to anything that could fill one in.
// The API server applies such an update unconditionally for built-in kinds
// that allow it; custom resources require a resourceVersion, so they stay
// conflict-prone.
func (m *modeler) markUnconditional() {
	for _, w := range m.res.writes {
		switch w.Kind {
		case WriteUpdate, WriteSubResourceUpdate, WriteTypedUpdate:
		default:
			continue
		}
		v := w.Object.Root
		if v == nil || w.Object.Path != v.Name() || !allowsUnconditionalUpdate(v.Type()) {
			continue
		}
		w.CannotConflict = m.writesOf(v, w.Func) == 1 && m.builtWithoutVersion(w, v)
	}
}

// writesOf counts the writes of v in fn: after a first write, the object
// carries the resourceVersion the server returned.
func (m *modeler) writesOf(v *types.Var, fn ast.Node) int {
	n := 0
	for _, w := range m.res.writes {
		if w.Object.Root == v && w.Func == fn {
			n++
		}
	}
	return n
}

// allowsUnconditionalUpdate reports whether t (or *t) is a built-in kind
// whose API accepts an update without a resourceVersion.
func allowsUnconditionalUpdate(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return unconditionalKinds[kindKey{n.Obj().Pkg().Path(), n.Obj().Name()}]
}

// builtWithoutVersion reports whether v is declared in the write's function
// from a composite literal (or as a zero value) that sets no resourceVersion,
// and is never read into, reassigned, passed to a call other than a write,
// or given a resourceVersion afterwards.
func (m *modeler) builtWithoutVersion(w *Write, v *types.Var) bool {
	fn := w.Func
	if fn == nil || v.Pos() < fn.Pos() || v.Pos() >= fn.End() {
		return false
	}
	def := m.definition(fn, v)
	if def == nil || setsResourceVersion(def) {
		return false
	}
	clean := true
	ast.Inspect(fn, func(n ast.Node) bool {
		if !clean {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n != def && assignsInto(m.pass.TypesInfo, n, v) {
				clean = false
			}
		case *ast.CallExpr:
			if m.res.WriteAt(n) == nil && m.handsOver(n, v) {
				clean = false
			}
		}
		return true
	})
	return clean
}

// definition returns the literal v is declared with (`v := &T{...}`,
// `var v T`, `var v = T{...}`), or nil when v is declared otherwise.
func (m *modeler) definition(fn ast.Node, v *types.Var) ast.Node {
	var def ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == 1 && len(n.Rhs) == 1 && m.pass.TypesInfo.Defs[identOf(n.Lhs[0])] == v && isLiteral(n.Rhs[0]) {
				def = n
			}
		case *ast.ValueSpec:
			if len(n.Names) == 1 && m.pass.TypesInfo.Defs[n.Names[0]] == v && (len(n.Values) == 0 || len(n.Values) == 1 && isLiteral(n.Values[0])) {
				def = n
			}
		}
		return def == nil
	})
	return def
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

func isLiteral(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	_, ok := e.(*ast.CompositeLit)
	return ok
}

// setsResourceVersion reports whether a literal mentions ResourceVersion.
func setsResourceVersion(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "ResourceVersion" {
			found = true
		}
		return !found
	})
	return found
}

// assignsInto reports whether as assigns v, or its metadata.
func assignsInto(info *types.Info, as *ast.AssignStmt, v *types.Var) bool {
	for _, lhs := range as.Lhs {
		if rootVar(info, ast.Unparen(lhs)) != v {
			continue
		}
		path := types.ExprString(lhs)
		if path == v.Name() || strings.Contains(path, "ObjectMeta") || strings.Contains(path, "ResourceVersion") {
			return true
		}
	}
	return false
}

// handsOver reports whether call may fill in v: v is an argument, or the
// call is a setter on v (SetResourceVersion).
func (m *modeler) handsOver(call *ast.CallExpr, v *types.Var) bool {
	for _, arg := range call.Args {
		if o := objectOf(m.pass.TypesInfo, arg); o.Root == v {
			return true
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Set") {
		return rootVar(m.pass.TypesInfo, ast.Unparen(sel.X)) == v
	}
	return false
}
