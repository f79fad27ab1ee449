package kube

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// interfaceMethodKey returns the table key of fn. A method of a concrete
// type that implements one of the tabled controller-runtime interfaces (a
// hand-written client wrapper, say) is keyed as that interface's method, so
// it is matched by what it implements rather than by its name.
func (m *modeler) interfaceMethodKey(fn *types.Func) methodKey {
	key := methodKeyOf(fn)
	if key.name == "" || key.pkg == crClientPath || !modeledMethodNames[fn.Name()] {
		return key
	}
	recv := fn.Signature().Recv().Type()
	if types.IsInterface(recv) {
		return key
	}
	if k, ok := m.methodKeys[fn]; ok {
		return k
	}
	k := m.implementedMethodKey(fn, key)
	if m.methodKeys == nil {
		m.methodKeys = make(map[*types.Func]methodKey)
	}
	m.methodKeys[fn] = k
	return k
}

// implementedMethodKey returns the key of the controller-runtime interface
// method that fn, a concrete method, implements, or key.
func (m *modeler) implementedMethodKey(fn *types.Func, key methodKey) methodKey {
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
			return methodKey{crClientPath, ifaceName, fn.Name()}
		}
	}
	return key
}

// crInterface returns controller-runtime's client.<name> interface when the
// package imports it, memoised per package.
func (m *modeler) crInterface(name string) *types.Interface {
	if m.crIfaces == nil {
		m.crIfaces = make(map[string]*types.Interface)
		if pkg := syntax.FindPackage(m.pass.Pkg, crClientPath); pkg != nil {
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

// isTypedUpdate reports whether c calls Update or UpdateStatus with the
// shape every client-go typed client and generated clientset shares:
// (context.Context, *T, metav1.UpdateOptions) (*T, error). The signature is
// the instantiated one, so generic receivers (gentype.Client[T]) match.
func isTypedUpdate(info *types.Info, c call) bool {
	if !typedWriteNames[c.callee.Name()] || c.callee.Signature().Recv() == nil {
		return false
	}
	sig, ok := info.TypeOf(c.expr.Fun).(*types.Signature)
	if !ok || sig.Variadic() || sig.Params().Len() != 3 || sig.Results().Len() != 2 {
		return false
	}
	p, r := sig.Params(), sig.Results()
	_, objIsPtr := p.At(1).Type().(*types.Pointer)
	return isNamed(p.At(0).Type(), "context", "Context") &&
		objIsPtr &&
		isNamed(p.At(2).Type(), metaV1Path, updateOptionsName) &&
		types.Identical(p.At(1).Type(), r.At(0).Type()) &&
		types.Identical(r.At(1).Type(), types.Universe.Lookup("error").Type())
}

// isNamed reports whether t is the named type pkg.name.
func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
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
	fn := syntax.EnclosingFuncNode(c.cursor)
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
	fn := calleeFunc(m.pass.TypesInfo, pc)
	if fn == nil || !optimisticPatchBuilders[funcKeyOf(fn)] {
		return false
	}
	for _, arg := range pc.Args[1:] {
		t := m.pass.TypesInfo.TypeOf(arg)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if isNamed(t, crClientPath, optimisticLockName) {
			return true
		}
	}
	return false
}
