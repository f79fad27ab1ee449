package model

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// An owner watch maps an event of an owned object to its owners, and by
// default only to its controller: the builder's Owns (unless
// builder.MatchEveryOwner), handler.EnqueueRequestForOwner with
// handler.OnlyControllerOwner() (IsController: true before v0.15). A
// reconciler that gives objects of a kind only plain owner references
// (controllerutil.SetOwnerReference) is not their controller, so their
// changes do not run it again: such a watch heals none of its writes.

// ownerRefs are the owner references a package gives objects, by kind.
type ownerRefs struct {
	plain, controller map[string]bool
	// controllerOfAny is set by a controller reference given an object
	// whose kind is not known (an interface, metav1.NewControllerRef, an
	// OwnerReference literal that sets Controller); literalsRead once the
	// literals have been looked for.
	controllerOfAny, literalsRead bool
}

// noteOwnerReference records a call that gives an object an owner
// reference, and reports whether call is one.
func (h *healing) noteOwnerReference(info *types.Info, call *ast.CallExpr, fn *types.Func) bool {
	path := syntax.PkgPath(fn.Pkg())
	switch {
	case path == upstream.MetaV1Path && fn.Name() == "NewControllerRef":
		h.refs.controllerOfAny = true
		return true
	case path != upstream.ControllerUtilPath || len(call.Args) < 2:
		return false
	}
	isController, ok := upstream.OwnerReferenceFuncs[fn.Name()]
	if !ok {
		return false
	}
	kind := kindKey(namedOf(info.TypeOf(call.Args[1])))
	switch {
	case isController && kind == "":
		h.refs.controllerOfAny = true
	case isController:
		h.refs.controller[kind] = true
	case kind != "":
		h.refs.plain[kind] = true
	}
	return true
}

// controllerOnly reports whether a watch's event handler maps an owned
// object's events to its controller owner only.
func controllerOnly(info *types.Info, handler ast.Expr) bool {
	switch e := ast.Unparen(handler).(type) {
	case *ast.CallExpr:
		fn := upstream.Callee(info, e)
		if fn == nil || syntax.PkgPath(fn.Pkg()) != upstream.HandlerPath || fn.Name() != "EnqueueRequestForOwner" && fn.Name() != "TypedEnqueueRequestForOwner" {
			return false
		}
		for _, opt := range e.Args {
			if c, ok := ast.Unparen(opt).(*ast.CallExpr); ok {
				if of := upstream.Callee(info, c); of != nil && of.Name() == "OnlyControllerOwner" && syntax.PkgPath(of.Pkg()) == upstream.HandlerPath {
					return true
				}
			}
		}
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		if !ok || !upstream.IsNamed(info.TypeOf(lit), upstream.HandlerPath, "EnqueueRequestForOwner") {
			return false
		}
		if v := syntax.FieldValue(lit, "IsController"); v != nil {
			tv := info.Types[v]
			return tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
		}
	}
	return false
}

// ownsControllerOnly reports whether a builder's watch method, given
// args, maps events to the controller owner only: Owns without
// builder.MatchEveryOwner, or Watches with such an owner handler.
func ownsControllerOnly(info *types.Info, method string, args []ast.Expr) bool {
	switch {
	case method == "Owns":
		for _, o := range args[1:] {
			if v, ok := info.Uses[syntax.NameIdent(o)].(*types.Var); ok && v.Name() == "MatchEveryOwner" && syntax.PkgPath(v.Pkg()) == upstream.BuilderPath {
				return false
			}
		}
		return true
	case method == "Watches" && len(args) > 1:
		return controllerOnly(info, args[1])
	}
	return false
}

// dropUncontrolledWatches removes the controller-only watches of kinds
// the package gives plain owner references and never a controller one
// (by controllerutil or by an OwnerReference literal that sets
// Controller, whose object's kind is not known).
func (h *healing) dropUncontrolledWatches(info *types.Info) {
	for kind, ws := range h.watches {
		if !h.refs.plain[kind] || h.refs.controller[kind] || h.controllerRefLiteral(info) {
			continue
		}
		kept := ws[:0]
		for _, w := range ws {
			if !w.controllerOnly {
				kept = append(kept, w)
			}
		}
		h.watches[kind] = kept
	}
}

// controllerRefLiteral reports whether the package sets a controller
// reference of unknown kind; the files are read once, when first asked.
func (h *healing) controllerRefLiteral(info *types.Info) bool {
	if h.refs.literalsRead {
		return h.refs.controllerOfAny
	}
	h.refs.literalsRead = true
	for _, f := range h.periodFiles {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && upstream.IsNamed(info.TypeOf(lit), upstream.MetaV1Path, "OwnerReference") && syntax.FieldValue(lit, "Controller") != nil {
				h.refs.controllerOfAny = true
			}
			return !h.refs.controllerOfAny
		})
	}
	return h.refs.controllerOfAny
}
