package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A wrangler controller runs the handlers registered with
// `nodes.OnChange(ctx, "name", h.sync)` on every change of an object of
// its kind, with no predicate: a lost write of that kind in a method of
// the handler's owner is redone when the other writer's change comes in,
// as with an informer's update handler. wrangler v3's generic controllers
// and the per-kind controllers v1 and v2 generate have the same method:
// OnChange(context.Context, string, func(string, T) (T, error)), T the
// kind. OnRemove runs on deletions only and is no watch.

// noteOnChange records the watch of an OnChange registration, and reports
// whether call is one.
func (h *healing) noteOnChange(info *types.Info, call *ast.CallExpr, fn *types.Func) bool {
	if fn.Name() != "OnChange" || len(call.Args) != 3 || fn.Signature().Recv() == nil {
		return false
	}
	kind := onChangeKind(info.TypeOf(call.Args[2]))
	if kind == nil {
		return false
	}
	h.addWatch(kindKey(kind), watch{owner: h.onChangeOwner(info, call.Args[2])})
	return true
}

// onChangeKind returns the kind a wrangler sync handler of type t
// receives: t is func(string, T) (T, error), or a named type of it, and T
// a pointer to a named type.
func onChangeKind(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 2 || sig.Results().Len() != 2 {
		return nil
	}
	key, obj := sig.Params().At(0).Type(), sig.Params().At(1).Type()
	if b, ok := key.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return nil
	}
	if !types.Identical(obj, sig.Results().At(0).Type()) || !upstream.IsErrorType(sig.Results().At(1).Type()) {
		return nil
	}
	if _, ok := obj.Underlying().(*types.Pointer); !ok {
		return nil
	}
	return namedOf(obj)
}

// onChangeOwner returns the type whose method the handler runs: the
// receiver of a method value, or of the first method a function literal
// (or the value a one-line function of the package returns) calls.
func (h *healing) onChangeOwner(info *types.Info, handler ast.Expr) *types.TypeName {
	handler = h.handlerMaker(info, handler)
	if owner, ok := h.methodValueOwner(info, handler); ok {
		return owner
	}
	return methodOwner(info, handler)
}
