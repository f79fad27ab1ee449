package kube

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// interfaceMethodKey returns the table key of fn. A method of a concrete
// type that implements one of the tabled controller-runtime interfaces (a
// hand-written client wrapper, say) is keyed as that interface's method, so
// it is matched by what it implements rather than by its name; so is a
// method of a project's own interface with exactly the signature of one.
func (m *modeler) interfaceMethodKey(fn *types.Func) api.MethodKey {
	key := api.MethodKeyOf(fn)
	if key.Name == "" || key.Pkg == api.ClientPath || !api.ModeledMethodNames[fn.Name()] {
		return key
	}
	if k, ok := m.methodKeys[fn]; ok {
		return k
	}
	var k api.MethodKey
	if types.IsInterface(fn.Signature().Recv().Type()) {
		k = m.sameShapeMethodKey(fn, key)
	} else {
		k = m.implementedMethodKey(fn, key)
	}
	if m.methodKeys == nil {
		m.methodKeys = make(map[*types.Func]api.MethodKey)
	}
	m.methodKeys[fn] = k
	return k
}

// sameShapeMethodKey returns the key of the controller-runtime interface
// method whose signature fn, a method of a project's own client interface
// (a test framework's, a wrapper's), has exactly, or key: calls through
// such an interface reach controller-runtime's client in the end.
func (m *modeler) sameShapeMethodKey(fn *types.Func, key api.MethodKey) api.MethodKey {
	for _, ifaceName := range []string{"Writer", "SubResourceWriter", "Reader"} {
		iface := m.crInterface(ifaceName)
		if iface == nil {
			return key
		}
		obj, _, _ := types.LookupFieldOrMethod(iface, false, nil, fn.Name())
		if cr, ok := obj.(*types.Func); ok && types.Identical(cr.Signature(), fn.Signature()) {
			return api.MethodKey{Pkg: api.ClientPath, Type: ifaceName, Name: fn.Name()}
		}
	}
	return key
}

// implementedMethodKey returns the key of the controller-runtime interface
// method that fn, a concrete method, implements, or key.
func (m *modeler) implementedMethodKey(fn *types.Func, key api.MethodKey) api.MethodKey {
	recv := fn.Signature().Recv().Type()
	for _, ifaceName := range []string{"Writer", "SubResourceWriter", "Reader"} {
		iface := m.crInterface(ifaceName)
		if iface == nil {
			return key
		}
		if !types.Implements(recv, iface) && !types.Implements(types.NewPointer(recv), iface) {
			continue
		}
		if obj, _, _ := types.LookupFieldOrMethod(iface, false, nil, fn.Name()); obj != nil {
			return api.MethodKey{Pkg: api.ClientPath, Type: ifaceName, Name: fn.Name()}
		}
	}
	return key
}

// crInterface returns controller-runtime's client.<name> interface when the
// package imports it, memoised per package.
func (m *modeler) crInterface(name string) *types.Interface {
	if m.crIfaces == nil {
		m.crIfaces = make(map[string]*types.Interface)
		if pkg := syntax.FindPackage(m.pass.Pkg, api.ClientPath); pkg != nil {
			for _, n := range []string{"Writer", "SubResourceWriter", "Reader"} {
				if obj := pkg.Scope().Lookup(n); obj != nil {
					if iface, ok := obj.Type().Underlying().(*types.Interface); ok {
						m.crIfaces[n] = iface
					}
				}
			}
		}
	}
	return m.crIfaces[name]
}

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
func (m *modeler) typedUpdateObject(c call) int {
	if !api.TypedWriteNames[c.callee.Name()] || c.callee.Signature().Recv() == nil {
		return -1
	}
	sig, ok := m.pass.TypesInfo.TypeOf(c.expr.Fun).(*types.Signature)
	if !ok || sig.Variadic() || sig.Results().Len() != 2 || !api.IsErrorType(sig.Results().At(1).Type()) {
		return -1
	}
	p := sig.Params()
	withOptions := p.Len() == 3 && api.IsNamed(p.At(0).Type(), "context", "Context") && api.IsNamed(p.At(2).Type(), api.MetaV1Path, api.UpdateOptionsName)
	objArg := 0
	switch {
	case withOptions:
		objArg = 1
	case p.Len() != 1:
		return -1
	}
	obj := p.At(objArg).Type()
	if _, isPtr := obj.(*types.Pointer); !isPtr || !types.Identical(obj, sig.Results().At(0).Type()) || !m.isObject(obj) {
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
	if pkg := named.Obj().Pkg(); pkg != nil && api.HasPrefixPath(syntax.PkgPath(pkg), strings.TrimSuffix(api.ClientGoPrefix, "/")) {
		return true
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if api.IsNamed(st.Field(i).Type(), api.RESTPath, "Interface") {
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
	if sig.Results().Len() != 2 || !api.IsErrorType(sig.Results().At(1).Type()) {
		return false
	}
	if !types.Identical(sig.Results().At(0).Type(), obj) && !api.IsTypeParam(sig.Results().At(0).Type()) {
		return false
	}
	for i := range sig.Params().Len() {
		if api.IsNamed(sig.Params().At(i).Type(), api.MetaV1Path, "GetOptions") {
			return true
		}
	}
	return false
}

// isOptimisticPatch reports whether patch was built with
// MergeFromWithOptimisticLock, directly or through a local variable assigned
// in the same function.
func (m *modeler) isOptimisticPatch(c call, patch ast.Expr) bool {
	patch = ast.Unparen(patch)
	if pc, ok := patch.(*ast.CallExpr); ok {
		return m.isOptimisticBuilder(pc)
	}
	id, ok := patch.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := m.pass.TypesInfo.Uses[id].(*types.Var)
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
				if ok && isCall && m.pass.TypesInfo.ObjectOf(lid) == v && m.isOptimisticBuilder(rc) {
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
func (m *modeler) isOptimisticBuilder(pc *ast.CallExpr) bool {
	fn := api.Callee(m.pass.TypesInfo, pc)
	if fn == nil || !api.OptimisticPatchBuilders[api.FuncKeyOf(fn)] || len(pc.Args) == 0 {
		return false
	}
	for _, arg := range pc.Args[1:] {
		t := m.pass.TypesInfo.TypeOf(arg)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if api.IsNamed(t, api.ClientPath, api.OptimisticLockName) {
			return true
		}
	}
	return false
}
