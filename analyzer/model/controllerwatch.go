package model

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A controller made with controller-runtime's lower-level API watches
// through its own Watch method rather than a builder chain:
//
//	c, err := controller.New("deployments", mgr, controller.Options{Reconciler: r})
//	err = c.Watch(source.Kind(mgr.GetCache(), &appsv1.ReplicaSet{},
//		handler.EnqueueRequestForOwner(scheme, mapper, &appsv1.Deployment{}), preds...))
//
// Before v0.18 Watch took the handler and the predicates itself, and before
// v0.15 the source was &source.Kind{Type: &T{}}. The watch belongs to the
// controller's reconciler, as a builder's to the one Complete is given.

// noteControllerWatch records the watch of call, c.Watch(src, ...): the
// kind src watches, for the reconciler of the controller.New call that
// set c; any predicate may drop the change that caused a Conflict.
func (h *healing) noteControllerWatch(info *types.Info, call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) == 0 {
		return
	}
	kind, filtered, handler := watchedKind(info, call.Args[0])
	if handler == nil && len(call.Args) > 1 {
		handler = call.Args[1] // Watch(src, handler, preds...) before v0.18
	}
	h.recordWatch(info, kind, h.reconcilerOf(info, sel.X), filtered || len(call.Args) > 2, handler)
}

// recordWatch records owner's watch of kind through handler (nil: not
// known), which a predicate may filter.
func (h *healing) recordWatch(info *types.Info, kind, owner *types.TypeName, filtered bool, handler ast.Expr) {
	if kind == nil || owner == nil {
		return
	}
	h.addWatch(kindKey(kind), watch{owner: owner, filtered: filtered, controllerOnly: handler != nil && controllerOnly(info, handler)})
	if !filtered {
		h.resynced[owner] = true // the manager cache's resync reaches it, as a builder's watch
	}
}

// watchedKind returns the kind a controller-runtime source watches,
// source.Kind(cache, &T{}, handler, preds...) or &source.Kind{Type: &T{}},
// whether the source itself carries predicates, and its handler.
func watchedKind(info *types.Info, src ast.Expr) (*types.TypeName, bool, ast.Expr) {
	switch src := ast.Unparen(src).(type) {
	case *ast.CallExpr:
		fn := upstream.Callee(info, src)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != upstream.SourcePath || !strings.HasSuffix(fn.Name(), "Kind") || len(src.Args) < 2 {
			return nil, false, nil
		}
		var handler ast.Expr
		if len(src.Args) > 2 {
			handler = src.Args[2]
		}
		return namedOf(info.TypeOf(src.Args[1])), len(src.Args) > 3, handler
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(src.X).(*ast.CompositeLit)
		if !ok {
			return nil, false, nil
		}
		if tn := namedOf(info.TypeOf(lit)); tn == nil || syntax.PkgPath(tn.Pkg()) != upstream.SourcePath {
			return nil, false, nil
		}
		if v := syntax.FieldValue(lit, "Type"); v != nil {
			return namedOf(info.TypeOf(v)), false, nil
		}
	}
	return nil, false, nil
}

// reconcilerOf returns the reconciler type of the controller x names: the
// Reconciler option of the controller.New call that set it, or, when that
// option is an interface (`add(mgr, r reconcile.Reconciler)`), the one
// type of the package that has a Reconcile method.
func (h *healing) reconcilerOf(info *types.Info, x ast.Expr) *types.TypeName {
	id := syntax.Ident(x)
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	if h.controllers == nil {
		h.controllers, h.controllerParams = controllerVars(info, h.periodFiles)
	}
	newCall := h.controllers[v]
	if newCall == nil {
		if h.controllerParams[v] {
			return soleReconciler(v.Pkg()) // add(mgr, c controller.Controller)
		}
		return nil
	}
	for _, arg := range newCall.Args {
		lit, ok := ast.Unparen(arg).(*ast.CompositeLit)
		if !ok {
			continue
		}
		if r := syntax.FieldValue(lit, "Reconciler"); r != nil {
			owner := namedOf(info.TypeOf(unwrapReconciler(info, r)))
			if owner != nil && types.IsInterface(owner.Type()) {
				owner = soleReconciler(v.Pkg())
			}
			return owner
		}
	}
	return nil
}

// controllerVars returns the variables of files set to a call that makes
// a controller, and the parameters that hold one. A call makes a
// controller when it is controller-runtime's controller.New (or
// NewUnmanaged, NewTyped...) or takes its controller.Options (a project's
// constructor that wraps controller.New).
func controllerVars(info *types.Info, files []*ast.File) (map[*types.Var]*ast.CallExpr, map[*types.Var]bool) {
	out, params := map[*types.Var]*ast.CallExpr{}, map[*types.Var]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncType:
				noteControllerParams(info, n, params)
			case *ast.AssignStmt:
				if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
					return true
				}
				call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
				if !ok || !makesController(info, call) {
					return true
				}
				if id := syntax.Ident(n.Lhs[0]); id != nil {
					if v, ok := info.ObjectOf(id).(*types.Var); ok {
						out[v] = call
					}
				}
			}
			return true
		})
	}
	return out, params
}

// makesController reports whether call makes a controller (see
// controllerVars).
func makesController(info *types.Info, call *ast.CallExpr) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == upstream.ControllerPath {
		return strings.HasPrefix(fn.Name(), "New")
	}
	return slices.ContainsFunc(call.Args, func(arg ast.Expr) bool {
		tn := namedOf(info.TypeOf(arg))
		return tn != nil && tn.Pkg() != nil && syntax.PkgPath(tn.Pkg()) == upstream.ControllerPath && strings.HasSuffix(tn.Name(), "Options")
	})
}

// noteControllerParams adds to params the parameters of ft whose type has
// controller-runtime's Controller.Watch.
func noteControllerParams(info *types.Info, ft *ast.FuncType, params map[*types.Var]bool) {
	for _, field := range ft.Params.List {
		for _, name := range field.Names {
			v, ok := info.Defs[name].(*types.Var)
			if !ok {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, v.Pkg(), "Watch")
			if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil && syntax.PkgPath(fn.Pkg()) == upstream.ControllerPath {
				params[v] = true
			}
		}
	}
}

// soleReconciler returns the one named type of pkg whose pointer has a
// Reconcile method, or nil when there are none or several.
func soleReconciler(pkg *types.Package) *types.TypeName {
	if pkg == nil {
		return nil
	}
	return soleType(pkg.Scope(), func(ptr types.Type) bool {
		obj, _, _ := types.LookupFieldOrMethod(ptr, false, pkg, "Reconcile")
		_, isFunc := obj.(*types.Func)
		return isFunc
	})
}

// soleType returns the one concrete named type of scope whose pointer
// satisfies is, or nil when there are none or several.
func soleType(scope *types.Scope, is func(ptr types.Type) bool) *types.TypeName {
	var found *types.TypeName
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) || !is(types.NewPointer(tn.Type())) {
			continue
		}
		if found != nil {
			return nil
		}
		found = tn
	}
	return found
}

// unwrapReconciler returns the object reconciler rec of
// reconcile.AsReconciler(client, rec), which adapts it to a Reconciler
// (its methods, not the adapter's, make the writes), or e itself.
func unwrapReconciler(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return e
	}
	if fn := upstream.Callee(info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == upstream.ReconcilePath && fn.Name() == "AsReconciler" {
		return call.Args[1]
	}
	return e
}
