package model

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// A command or controller may call a write helper through an interface
// whose implementations live in a package it imports (kubevela's CLI calls
// operator.Resume(ctx) on a WorkflowOperator that its operation package
// implements): the interface method returns a write's Conflict when every
// implementation in view does, as their facts say. The package's own
// implementations are judged by findInterfaceReturners instead, so an
// interface implemented here too is left to it.

// implementations finds the methods that implement an interface method
// among the named types of the packages a package imports directly (not
// the standard library's).
type implementations struct {
	pkg   *types.Package
	types []*types.TypeName // the candidate types, found on first use
	// names are the names of other packages' methods that return a
	// write's failure: only an interface method of such a name is looked
	// up, so most packages never list their candidates.
	names map[string]bool
}

func newImplementations(pass *analysis.Pass) *implementations {
	return &implementations{pkg: pass.Pkg, names: returnerMethodNames(pass.Pkg, pass.AllObjectFacts())}
}

// returnerMethodNames returns the names of the methods of packages other
// than pkg that facts say return a write's failure.
func returnerMethodNames(pkg *types.Package, facts []analysis.ObjectFact) map[string]bool {
	names := make(map[string]bool)
	for _, f := range facts {
		if _, ok := f.Fact.(*ReturnsConflictFact); ok && f.Object.Pkg() != pkg {
			if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
				names[fn.Name()] = true
			}
		}
	}
	return names
}

// isErrorInterfaceMethod reports whether fn is a method of an interface
// whose last result is an error.
func isErrorInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	res := fn.Signature().Results()
	return recv != nil && types.IsInterface(recv.Type()) && res.Len() > 0 &&
		types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// returner returns the Returner of the interface method im when it has at
// least one implementation in view, none in the package itself, and every
// one returns a write's Conflict (a ReturnsConflictFact). The parameter
// it writes is theirs when they agree; what they send is not known.
func (im *implementations) returner(pass *analysis.Pass, m *types.Func) (Returner, bool) {
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok || !im.names[m.Name()] {
		return Returner{}, false
	}
	var found *Returner
	for _, tn := range im.candidates() {
		impl := implementing(tn, iface, m.Name())
		if impl == nil {
			continue
		}
		var fact ReturnsConflictFact
		if impl.Pkg() == im.pkg || !pass.ImportObjectFact(impl, &fact) {
			return Returner{}, false
		}
		r := Returner{Param: fact.Param, AsGiven: -1}
		if found != nil && found.Param != r.Param {
			r.Param = -1
		}
		found = &r
	}
	if found == nil {
		return Returner{}, false
	}
	return *found, true
}

// candidates returns the named non-interface types declared in the
// package and in the packages it imports directly: an implementation
// there without the fact (a fake, an upstream client) keeps the interface
// method from being a returner.
func (im *implementations) candidates() []*types.TypeName {
	if im.types != nil {
		return im.types
	}
	im.types = []*types.TypeName{}
	for _, p := range append([]*types.Package{im.pkg}, im.pkg.Imports()...) {
		for _, name := range p.Scope().Names() {
			if tn, ok := p.Scope().Lookup(name).(*types.TypeName); ok && !tn.IsAlias() && !types.IsInterface(tn.Type()) && !isGeneric(tn) {
				im.types = append(im.types, tn)
			}
		}
	}
	return im.types
}

// implementing returns tn's method name when tn (or a pointer to it)
// implements iface, or nil.
func implementing(tn *types.TypeName, iface *types.Interface, name string) *types.Func {
	ptr := types.NewPointer(tn.Type())
	if !types.Implements(ptr, iface) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(ptr, true, tn.Pkg(), name)
	fn, _ := obj.(*types.Func)
	return fn
}

// isGeneric reports whether tn declares type parameters: uninstantiated,
// it implements nothing.
func isGeneric(tn *types.TypeName) bool {
	n, ok := tn.Type().(*types.Named)
	return ok && n.TypeParams().Len() > 0
}
