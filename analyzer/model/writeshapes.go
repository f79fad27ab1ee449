package model

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The shapes of writes the tables cannot name: a typed client's Update,
// matched by its signature, and a Patch built with an optimistic lock.

// typedUpdateObject tells whether c calls Update or UpdateStatus of a typed
// Kubernetes client, by shape: (context.Context, *T, metav1.UpdateOptions)
// (*T, error) as every client-go typed client and generated clientset has
// it, or (*T) (*T, error) as in client-go before v0.18 and wrangler's
// generic controllers. T must be a Kubernetes object and the receiver a
// client (see isClientReceiver), so that an in-memory store with a
// look-alike method is not taken for one. The signature is the
// instantiated one, so generic receivers (gentype.Client[T]) match.
//
// It returns the index of the object argument, or -1.
func (cl *classifier) typedUpdateObject(c call) int {
	if !upstream.TypedWriteNames[c.callee.Name()] || c.callee.Signature().Recv() == nil {
		return -1
	}
	sig, ok := cl.info.TypeOf(c.expr.Fun).(*types.Signature)
	if !ok || sig.Variadic() || sig.Results().Len() != 2 || !upstream.IsErrorType(sig.Results().At(1).Type()) {
		return -1
	}
	p := sig.Params()
	withOptions := p.Len() == 3 && upstream.IsNamed(p.At(0).Type(), "context", "Context") && upstream.IsNamed(p.At(2).Type(), upstream.MetaV1Path, upstream.UpdateOptionsName)
	objArg := 0
	switch {
	case withOptions:
		objArg = 1
	case p.Len() != 1:
		return -1
	}
	obj := p.At(objArg).Type()
	if _, isPtr := obj.(*types.Pointer); !isPtr || !types.Identical(obj, sig.Results().At(0).Type()) || !cl.objects.is(obj) {
		return -1
	}
	recv := c.callee.Signature().Recv().Type()
	if (withOptions && isClientReceiver(recv)) || hasTypedGet(recv, obj) {
		return objArg
	}
	return -1
}

// isClientReceiver reports whether recv, the receiver of a typed write, is
// a client: an interface, a type of client-go (gentype.Client[T]), or a
// struct that holds a rest.Interface, as generated clients do.
func isClientReceiver(recv types.Type) bool {
	if types.IsInterface(recv) {
		return true
	}
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	named, ok := types.Unalias(recv).(*types.Named)
	if !ok {
		return false
	}
	if pkg := named.Obj().Pkg(); pkg != nil && upstream.HasPrefixPath(syntax.PkgPath(pkg), strings.TrimSuffix(upstream.ClientGoPrefix, "/")) {
		return true
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if upstream.IsNamed(st.Field(i).Type(), upstream.RESTPath, "Interface") {
			return true
		}
	}
	return false
}

// hasTypedGet reports whether recv also has a Get that takes
// metav1.GetOptions and returns (obj, error): the mark of a client of
// that resource, old or generic, rather than a store.
func hasTypedGet(recv types.Type, obj types.Type) bool {
	get, _, _ := types.LookupFieldOrMethod(recv, true, nil, "Get")
	fn, ok := get.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	if sig.Results().Len() != 2 || !upstream.IsErrorType(sig.Results().At(1).Type()) {
		return false
	}
	if !types.Identical(sig.Results().At(0).Type(), obj) && !upstream.IsTypeParam(sig.Results().At(0).Type()) {
		return false
	}
	for i := range sig.Params().Len() {
		if upstream.IsNamed(sig.Params().At(i).Type(), upstream.MetaV1Path, "GetOptions") {
			return true
		}
	}
	return false
}

// isOptimisticPatch reports whether patch was built with
// MergeFromWithOptimisticLock, directly or through a local variable assigned
// in the same function.
func (cl *classifier) isOptimisticPatch(c call, patch ast.Expr) bool {
	patch = ast.Unparen(patch)
	if pc, ok := patch.(*ast.CallExpr); ok {
		return cl.isOptimisticBuilder(pc)
	}
	id, ok := patch.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := cl.info.Uses[id].(*types.Var)
	fn := c.site().fnNode()
	if !ok || fn == nil {
		return false
	}
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if found {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, lhs := range as.Lhs {
				lid, ok := lhs.(*ast.Ident)
				rc, isCall := ast.Unparen(as.Rhs[i]).(*ast.CallExpr)
				if ok && isCall && cl.info.ObjectOf(lid) == v && cl.isOptimisticBuilder(rc) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// isOptimisticBuilder reports whether pc is
// client.MergeFromWithOptions(obj, ..., client.MergeFromWithOptimisticLock{...}).
func (cl *classifier) isOptimisticBuilder(pc *ast.CallExpr) bool {
	fn := upstream.Callee(cl.info, pc)
	if fn == nil || !upstream.OptimisticPatchBuilders[upstream.FuncKeyOf(fn)] || len(pc.Args) == 0 {
		return false
	}
	for _, arg := range pc.Args[1:] {
		t := cl.info.TypeOf(arg)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if upstream.IsNamed(t, upstream.ClientPath, upstream.OptimisticLockName) {
			return true
		}
	}
	return false
}
