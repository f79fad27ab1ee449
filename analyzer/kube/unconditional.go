package kube

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// markUnconditional finds writes that cannot conflict: an Update of an
// object built from a literal (or decoded from a manifest) without a
// resourceVersion, never read or handed to anything that could fill one in.
// The server has no version to compare: a built-in kind that allows it is
// updated unconditionally, and any other kind is rejected as Invalid, which
// is another bug than a lost Conflict. Every analyzer skips such writes.
func (m *modeler) markUnconditional() {
	for _, w := range m.res.writes {
		switch w.Kind {
		case WriteUpdate, WriteSubResourceUpdate, WriteTypedUpdate, WriteObjectPatch:
		default:
			continue
		}
		v := w.Object.Root
		if v == nil || w.Object.Path != v.Name() {
			continue
		}
		fn := m.declaringFunc(w, v)
		w.CannotConflict = fn != nil && m.refreshingWritesOf(v, fn, w) == 0 && m.builtWithoutVersion(fn, v)
	}
}

// declaringFunc returns the function around the write that declares v (the
// write's own, or an outer one whose local a closure captures), or nil.
func (m *modeler) declaringFunc(w *Write, v *types.Var) ast.Node {
	for enc := range w.Cursor.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if fn := enc.Node(); fn.Pos() <= v.Pos() && v.Pos() < fn.End() {
			return fn
		}
	}
	return nil
}

// refreshingWritesOf counts the writes of v within fn, other than w, that
// refresh it in place: after a controller-runtime write the object carries
// the resourceVersion the server returned. Typed and dynamic writes leave
// their input as it was.
func (m *modeler) refreshingWritesOf(v *types.Var, fn ast.Node, w *Write) int {
	n := 0
	for _, o := range m.res.writes {
		if o != w && o.Object.Root == v && o.Kind.RefreshesInPlace() && fn.Pos() <= o.Call.Pos() && o.Call.End() <= fn.End() {
			n++
		}
	}
	return n
}

// builtWithoutVersion reports whether v is declared in fn from a composite
// literal (or as a zero value, or decoded from a manifest) that sets no
// resourceVersion, and is never read into, reassigned, passed to a call
// other than a write, a decoder or a setter that leaves the version alone,
// or given a resourceVersion afterwards.
func (m *modeler) builtWithoutVersion(fn ast.Node, v *types.Var) bool {
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
			if m.res.WriteAt(n) == nil && !m.keepsVersion(n) && m.handsOver(n, v) {
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
			if n.Tok == token.DEFINE && len(n.Lhs) == 1 && len(n.Rhs) == 1 && m.pass.TypesInfo.Defs[identOf(n.Lhs[0])] == v && (isLiteral(n.Rhs[0]) || m.isFreshBuild(n.Rhs[0])) {
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

// keepsVersion reports whether call is known to leave an object's
// resourceVersion as it is: a decoder filling a new object from a manifest,
// or a setter of owner references, finalizers, labels and annotations.
func (m *modeler) keepsVersion(call *ast.CallExpr) bool {
	fn := calleeFunc(m.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if versionKeepers[funcKeyOf(fn)] {
		return true
	}
	mk := methodKeyOf(fn)
	return mk.name == "Decode" && versionKeepingDecoders[funcKey{mk.pkg, mk.typ}]
}

// isFreshBuild reports whether e calls a function of the package that
// builds a new object without a resourceVersion: a fixture or a desired
// state builder whose every return is a composite literal, or a variable
// declared from one, and whose body never mentions ResourceVersion.
func (m *modeler) isFreshBuild(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := calleeFunc(m.pass.TypesInfo, call)
	if is, ok := m.freshBuilders[fn]; ok {
		return is
	}
	if m.freshBuilders == nil {
		m.freshBuilders = make(map[*types.Func]bool)
	}
	m.freshBuilders[fn] = false // cycle guard
	m.freshBuilders[fn] = m.buildsFresh(m.res.decls[fn])
	return m.freshBuilders[fn]
}

// buildsFresh is isFreshBuild for the declaration of the callee.
func (m *modeler) buildsFresh(decl *ast.FuncDecl) bool {
	if decl == nil || decl.Type.Results == nil || len(decl.Type.Results.List) != 1 || setsResourceVersion(decl.Body) {
		return false
	}
	return everyReturn(decl.Body, func(ret *ast.ReturnStmt) bool {
		return len(ret.Results) == 1 && (isLiteral(ret.Results[0]) || m.declaredFromLiteral(decl, ret.Results[0]))
	})
}

// declaredFromLiteral reports whether e names a variable that fn declares
// from a composite literal and never gives a resourceVersion.
func (m *modeler) declaredFromLiteral(fn ast.Node, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := m.pass.TypesInfo.Uses[id].(*types.Var)
	return ok && m.builtWithoutVersion(fn, v)
}
