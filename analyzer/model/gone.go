package model

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model/cache"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A delete handler's object is gone from the server: the informer calls
// DeleteFunc (or a handler's OnDelete) once the object has been removed,
// so a write of it fails NotFound, not Conflict, and no change is lost by
// it (KubeArmor's namespace handler, which runs its annotation fix on
// deletions too). A write of another object there is judged as usual.

// WritesDeleted reports whether w writes, in a delete handler, the object
// the handler was given: its parameter, or a variable it declares from an
// assertion of it (`ns, ok := obj.(*corev1.Namespace)`, through a
// tombstone's `Obj` too).
func WritesDeleted(info *types.Info, w *Write) bool {
	if info == nil || w.Object.Root == nil || !w.Cursor.Valid() {
		return false
	}
	fn := syntax.EnclosingFunc(w.Cursor)
	p := deleteHandlerParam(info, fn)
	return p != nil && heldFrom(info, fn.Node(), w.Object.Root, p, 3)
}

// markGone marks the writes of a delete handler's object as unable to
// conflict.
func markGone(info *types.Info, writes []*Write) {
	for _, w := range writes {
		if !w.CannotConflict && WritesDeleted(info, w) {
			w.CannotConflict = true
		}
	}
}

// deleteHandlerParam returns the object parameter of the function at fn
// when it is an informer's delete handler: a literal given as the
// DeleteFunc of a client-go handler adapter, or a method OnDelete of a
// type that implements cache.ResourceEventHandler. Or nil.
func deleteHandlerParam(info *types.Info, fn inspector.Cursor) *types.Var {
	var ft *ast.FuncType
	switch n := fn.Node().(type) {
	case *ast.FuncLit:
		kv, ok := fn.Parent().Node().(*ast.KeyValueExpr)
		if !ok || syntax.Ident(kv.Key) == nil || syntax.Ident(kv.Key).Name != "DeleteFunc" || !isHandlerAdapter(info, fn.Parent().Parent().Node()) {
			return nil
		}
		ft = n.Type
	case *ast.FuncDecl:
		if n.Recv == nil || n.Name.Name != "OnDelete" || !implementsHandler(info, n) {
			return nil
		}
		ft = n.Type
	default:
		return nil
	}
	if ft.Params.NumFields() != 1 || len(ft.Params.List[0].Names) != 1 {
		return nil
	}
	p, _ := info.Defs[ft.Params.List[0].Names[0]].(*types.Var)
	if p == nil || !types.IsInterface(p.Type()) {
		return nil
	}
	return p
}

// isHandlerAdapter reports whether n is a composite literal of one of
// client-go's handler adapters.
func isHandlerAdapter(info *types.Info, n ast.Node) bool {
	lit, ok := n.(*ast.CompositeLit)
	if !ok {
		return false
	}
	tn := namedOf(info.TypeOf(lit))
	if tn == nil || tn.Pkg() == nil || syntax.PkgPath(tn.Pkg()) != upstream.CachePath {
		return false
	}
	_, ok = upstream.HandlerTypes[upstream.FuncKey{Pkg: upstream.CachePath, Name: tn.Name()}]
	return ok
}

// implementsHandler reports whether decl's receiver type implements
// client-go's cache.ResourceEventHandler.
func implementsHandler(info *types.Info, decl *ast.FuncDecl) bool {
	fn, ok := info.Defs[decl.Name].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	iface := cache.HandlerInterface(fn.Pkg())
	return iface != nil && types.Implements(fn.Signature().Recv().Type(), iface)
}

// heldFrom reports whether v is p, or is declared in fn from a type
// assertion of a variable that is (`ns, ok := obj.(*T)`; `tomb.Obj.(*T)`
// after `tomb, ok := obj.(cache.DeletedFinalStateUnknown)`), at most depth
// assertions away.
func heldFrom(info *types.Info, fn ast.Node, v, p *types.Var, depth int) bool {
	if v == p {
		return true
	}
	if depth == 0 {
		return false
	}
	held := false
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || held || len(as.Rhs) != 1 || len(as.Lhs) == 0 || info.Defs[syntax.Ident(as.Lhs[0])] != v {
			return !held
		}
		if ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok {
			x := ta.X
			if sel, ok := ast.Unparen(x).(*ast.SelectorExpr); ok && sel.Sel.Name == "Obj" {
				x = sel.X // a tombstone's last state
			}
			if src := plainVar(info, x); src != nil && src != v {
				held = heldFrom(info, fn, src, p, depth-1)
			}
		}
		return !held
	})
	return held
}
