package model

import (
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// crInterfaceNames are the controller-runtime client interfaces whose
// methods the tables key writes and reads by.
var crInterfaceNames = []string{"Writer", "SubResourceWriter", "Reader"}

// methodKeys are the table keys of the package's callees that differ from
// upstream.MethodKeyOf: a method of a concrete type that implements one of the
// tabled controller-runtime interfaces (a hand-written client wrapper,
// say) is keyed as that interface's method, so it is matched by what it
// implements rather than by its name; so is a method of a project's own
// interface with exactly the signature of one.
type methodKeys map[*types.Func]upstream.MethodKey

// newMethodKeys keys every callee of calls at once, against the
// interfaces of cr, controller-runtime's client package as the package
// imports it (nil: it does not).
func newMethodKeys(cr *types.Package, calls []call) methodKeys {
	ifaces := crInterfaces(cr)
	keys := make(methodKeys)
	for _, c := range calls {
		fn := c.callee
		key := upstream.MethodKeyOf(fn)
		if key.Name == "" || key.Pkg == upstream.ClientPath || !upstream.ModeledMethodNames[fn.Name()] {
			continue
		}
		if _, done := keys[fn]; done {
			continue
		}
		if types.IsInterface(fn.Signature().Recv().Type()) {
			keys[fn] = sameShapeMethodKey(ifaces, fn, key)
		} else {
			keys[fn] = implementedMethodKey(ifaces, fn, key)
		}
	}
	return keys
}

// of returns the table key of fn, a callee of the calls keyed.
func (k methodKeys) of(fn *types.Func) upstream.MethodKey {
	if key, ok := k[fn]; ok {
		return key
	}
	return upstream.MethodKeyOf(fn)
}

// sameShapeMethodKey returns the key of the controller-runtime interface
// method whose signature fn, a method of a project's own client interface
// (a test framework's, a wrapper's), has exactly, or key: calls through
// such an interface reach controller-runtime's client in the end.
func sameShapeMethodKey(ifaces map[string]*types.Interface, fn *types.Func, key upstream.MethodKey) upstream.MethodKey {
	for _, ifaceName := range crInterfaceNames {
		iface := ifaces[ifaceName]
		if iface == nil {
			return key
		}
		obj, _, _ := types.LookupFieldOrMethod(iface, false, nil, fn.Name())
		if cr, ok := obj.(*types.Func); ok && types.Identical(cr.Signature(), fn.Signature()) {
			return upstream.MethodKey{Pkg: upstream.ClientPath, Type: ifaceName, Name: fn.Name()}
		}
	}
	return key
}

// implementedMethodKey returns the key of the controller-runtime interface
// method that fn, a concrete method, implements, or key.
func implementedMethodKey(ifaces map[string]*types.Interface, fn *types.Func, key upstream.MethodKey) upstream.MethodKey {
	recv := fn.Signature().Recv().Type()
	for _, ifaceName := range crInterfaceNames {
		iface := ifaces[ifaceName]
		if iface == nil {
			return key
		}
		if !types.Implements(recv, iface) && !types.Implements(types.NewPointer(recv), iface) {
			continue
		}
		if obj, _, _ := types.LookupFieldOrMethod(iface, false, nil, fn.Name()); obj != nil {
			return upstream.MethodKey{Pkg: upstream.ClientPath, Type: ifaceName, Name: fn.Name()}
		}
	}
	return key
}

// crInterfaces returns the client interfaces of cr, controller-runtime's
// client package or nil, by name.
func crInterfaces(cr *types.Package) map[string]*types.Interface {
	out := make(map[string]*types.Interface)
	if cr == nil {
		return out
	}
	for _, n := range crInterfaceNames {
		if obj := cr.Scope().Lookup(n); obj != nil {
			if iface, ok := obj.Type().Underlying().(*types.Interface); ok {
				out[n] = iface
			}
		}
	}
	return out
}
