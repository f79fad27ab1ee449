package model

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A project may wrap controller-runtime's Watch in a method of its own
// controller type (the tigera operator's ctrlruntime.Controller):
//
//	func (c *controller) WatchObject(obj client.Object, h handler.EventHandler, preds ...predicate.Predicate) error {
//		return c.Watch(source.Kind(c.cache, obj, h, preds...))
//	}
//
// A call c.WatchObject(&T{}, h) is then a watch of T by c's reconciler, as
// c.Watch(source.Kind(cache, &T{}, h)) would be. The wrapper is known by
// its body, not its name: it hands its own parameters, the object and the
// handler, to source.Kind, and that source to its receiver's Watch.
// Importers learn it by WatchesFact. Callers usually hold the wrapper's
// interface rather than its type; the interface's method stands for the
// wrapper when the wrapper's package has no other type that implements
// the interface.

// watchParams are the parameters of a watch wrapper that carry the
// object, the handler and the predicates (-1: none, the source gets no
// predicates from the caller); filtered is set when the wrapper adds
// predicates of its own.
type watchParams struct {
	object, handler, predicates int
	filtered                    bool
}

// findWatchWrappers returns the watch wrappers among pkg's methods, and
// the methods of pkg's interfaces that stand for them. Only a package that
// imports controller-runtime's source package can declare one.
func findWatchWrappers(info *types.Info, pkg *types.Package, files []*ast.File) map[*types.Func]watchParams {
	if pkg == nil || !slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == upstream.SourcePath }) {
		return nil
	}
	out := map[*types.Func]watchParams{}
	for fn, fd := range syntax.FuncDecls(info, files) {
		if p, ok := watchWrapperParams(info, fd); ok {
			out[fn] = p
		}
	}
	if len(out) > 0 {
		addSoleImplementers(pkg, out)
	}
	return out
}

// watchWrapperParams reports whether fd, a method, hands its parameters
// to source.Kind and the source to its receiver's Watch, and which.
func watchWrapperParams(info *types.Info, fd *ast.FuncDecl) (watchParams, bool) {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil {
		return watchParams{}, false
	}
	recv := info.Defs[fd.Recv.List[0].Names[0]]
	var found watchParams
	ok := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if ok || !isCall || len(call.Args) != 1 || !isControllerWatch(info, call, recv) {
			return !ok
		}
		found, ok = kindSourceParams(info, fd, call.Args[0])
		return !ok
	})
	return found, ok
}

// isControllerWatch reports whether call is controller-runtime's
// Controller.Watch called on recv (or a field of it).
func isControllerWatch(info *types.Info, call *ast.CallExpr, recv types.Object) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Name() != "Watch" || fn.Pkg() == nil || syntax.PkgPath(fn.Pkg()) != upstream.ControllerPath {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && recv != nil && upstream.RootVar(info, ast.Unparen(sel.X)) == recv
}

// kindSourceParams returns the parameters that src, a call of
// source.Kind(cache, obj, h, preds...), is given as its object and
// handler (both must be parameters) and its predicates.
func kindSourceParams(info *types.Info, fd *ast.FuncDecl, src ast.Expr) (watchParams, bool) {
	call, ok := ast.Unparen(src).(*ast.CallExpr)
	if !ok || len(call.Args) < 3 {
		return watchParams{}, false
	}
	if fn := upstream.Callee(info, call); fn == nil || fn.Pkg() == nil || syntax.PkgPath(fn.Pkg()) != upstream.SourcePath || fn.Name() != "Kind" && fn.Name() != "TypedKind" {
		return watchParams{}, false
	}
	obj, objOK := paramAt(info, fd, call.Args[1])
	h, hOK := paramAt(info, fd, call.Args[2])
	if !objOK || !hOK {
		return watchParams{}, false
	}
	p := watchParams{object: obj, handler: h, predicates: -1}
	switch rest := call.Args[3:]; {
	case len(rest) == 1 && call.Ellipsis.IsValid():
		if i, ok := paramAt(info, fd, rest[0]); ok {
			p.predicates = i
		} else {
			p.filtered = true
		}
	case len(rest) > 0:
		p.filtered = true
	}
	return p, true
}

// paramAt returns the position of the parameter of fd that e names.
func paramAt(info *types.Info, fd *ast.FuncDecl, e ast.Expr) (int, bool) {
	id := syntax.Ident(e)
	if id == nil {
		return 0, false
	}
	v, _ := info.Uses[id].(*types.Var)
	i := paramIndex(info, fd, v)
	return i, i >= 0
}

// addSoleImplementers adds to byMethod the methods of pkg's interfaces
// whose one implementation among pkg's types is the type of a method of
// byMethod, with that method's value.
func addSoleImplementers[V any](pkg *types.Package, byMethod map[*types.Func]V) {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !types.IsInterface(tn.Type()) {
			continue
		}
		iface := tn.Type().Underlying().(*types.Interface)
		impl := soleType(scope, func(ptr types.Type) bool { return types.Implements(ptr, iface) })
		if impl == nil {
			continue
		}
		for i := 0; i < iface.NumMethods(); i++ {
			m := iface.Method(i)
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(impl.Type()), false, pkg, m.Name())
			if fn, ok := obj.(*types.Func); ok {
				if p, ok := byMethod[fn]; ok {
					byMethod[m] = p
				}
			}
		}
	}
}

// noteWrappedWatch records the watch of call when fn is a watch wrapper
// (see watchParams), on the controller its receiver names, and reports
// whether it is one.
func (h *healing) noteWrappedWatch(info *types.Info, call *ast.CallExpr, fn *types.Func) bool {
	if h.watchOf == nil {
		return false
	}
	p, ok := h.watchOf(fn)
	if !ok {
		return false
	}
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !isSel || p.object >= len(call.Args) || p.handler >= len(call.Args) {
		return true
	}
	filtered := p.filtered || p.predicates >= 0 && len(call.Args) > p.predicates
	h.recordWatch(info, namedOf(info.TypeOf(call.Args[p.object])), h.reconcilerOf(info, sel.X), filtered, call.Args[p.handler])
	return true
}

// watchesOf returns the watchOf of healingFacts: local, the package's own
// wrappers, else other packages' WatchesFact.
func watchesOf(pass *analysis.Pass, local map[*types.Func]watchParams) func(*types.Func) (watchParams, bool) {
	return func(fn *types.Func) (watchParams, bool) {
		if p, ok := local[fn]; ok {
			return p, true
		}
		var f WatchesFact
		if fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) {
			return watchParams{}, false
		}
		return watchParams{object: f.Object, handler: f.Handler, predicates: f.Predicates, filtered: f.Filtered}, true
	}
}

// exportWatchFacts exports the WatchesFact of the package's wrappers.
func exportWatchFacts(pass *analysis.Pass, wrappers map[*types.Func]watchParams) {
	for fn, p := range wrappers {
		if fn.Pkg() == pass.Pkg && fn.Exported() {
			pass.ExportObjectFact(fn, &WatchesFact{Object: p.object, Handler: p.handler, Predicates: p.predicates, Filtered: p.filtered})
		}
	}
}
