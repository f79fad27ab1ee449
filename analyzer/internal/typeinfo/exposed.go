package typeinfo

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// ExportImportable makes pass.ExportObjectFact drop a fact that no
// importer can look up (see Exposure.Importable): the go/analysis checker
// hands every method fact on to every action downstream, so such facts
// would cost a copy per action and serve none. It returns the package's
// Exposure, for the analyzer to skip computing such facts, and restore,
// which gives the pass its own function back.
func ExportImportable(pass *analysis.Pass) (exposure *Exposure, restore func()) {
	export := pass.ExportObjectFact
	exposure = &Exposure{pkg: pass.Pkg}
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		if exposure.Importable(obj) {
			export(obj, fact)
		}
	}
	return exposure, func() { pass.ExportObjectFact = export }
}

// Exposure tells which objects of a package its importers can look a fact
// up by.
type Exposure struct {
	pkg   *types.Package
	named map[*types.TypeName]bool // ExposedTypes(pkg), computed at the first method asked about
}

// Importable reports whether an importer's code can name obj, as far as
// its being a method goes: not when obj is a method of a type of the
// package that the exported API never exposes (a wrapper returned only as
// an interface, a helper type of the package's own). An importer looks a
// fact up by the object its code names, and it can reach such a method
// only through an interface, whose method is another object. Other
// objects are left to the checker, which passes on the facts of exported
// ones.
func (e *Exposure) Importable(obj types.Object) bool {
	tn := receiverOf(obj)
	if tn == nil || tn.Pkg() != e.pkg || tn.Exported() {
		return true // an exported type is in ExposedTypes: no need to compute them
	}
	if e.named == nil {
		e.named = ExposedTypes(e.pkg)
	}
	return e.named[tn]
}

// receiverOf returns the named type whose method obj is (its generic
// origin), or nil when obj is no method.
func receiverOf(obj types.Object) *types.TypeName {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return nil
	}
	t := fn.Origin().Signature().Recv().Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// ExposedTypes returns the named types of pkg that an importer can name or
// hold a value of, and so call a method of directly: those its exported
// objects (types, aliases, functions, variables, constants) mention, in
// their signatures, fields (exported ones, and embedded ones of any name,
// whose methods are promoted), exported methods, interfaces, type
// arguments and constraints, closed over what those types mention in turn.
func ExposedTypes(pkg *types.Package) map[*types.TypeName]bool {
	e := exposure{pkg: pkg, named: map[*types.TypeName]bool{}, seen: map[types.Type]bool{}}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if obj := scope.Lookup(name); obj.Exported() {
			e.visit(obj.Type())
		}
	}
	return e.named
}

type exposure struct {
	pkg   *types.Package
	named map[*types.TypeName]bool
	seen  map[types.Type]bool
}

func (e *exposure) visit(t types.Type) {
	if t == nil || e.seen[t] {
		return
	}
	e.seen[t] = true
	switch t := t.(type) {
	case *types.Alias:
		e.visitList(t.TypeArgs())
		e.visit(types.Unalias(t))
	case *types.Named:
		e.visitNamed(t)
	case *types.Pointer:
		e.visit(t.Elem())
	case *types.Slice:
		e.visit(t.Elem())
	case *types.Array:
		e.visit(t.Elem())
	case *types.Map:
		e.visit(t.Key())
		e.visit(t.Elem())
	case *types.Chan:
		e.visit(t.Elem())
	case *types.Signature:
		e.visitTypeParams(t.TypeParams())
		e.visitTuple(t.Params())
		e.visitTuple(t.Results())
	case *types.Struct:
		for i := range t.NumFields() {
			if f := t.Field(i); f.Exported() || f.Embedded() {
				e.visit(f.Type())
			}
		}
	case *types.Interface:
		for i := range t.NumEmbeddeds() {
			e.visit(t.EmbeddedType(i))
		}
		for i := range t.NumExplicitMethods() {
			e.visit(t.ExplicitMethod(i).Type())
		}
	case *types.Union:
		for i := range t.Len() {
			e.visit(t.Term(i).Type())
		}
	case *types.TypeParam:
		e.visit(t.Constraint())
	}
}

// visitNamed marks a type of pkg exposed and visits what it mentions: its
// type arguments, and for a type of pkg its structure and exported
// methods (another package's type mentions no type of pkg but through
// its type arguments).
func (e *exposure) visitNamed(t *types.Named) {
	e.visitList(t.TypeArgs())
	obj := t.Origin().Obj()
	if obj.Pkg() != e.pkg {
		return
	}
	e.named[obj] = true
	origin := t.Origin()
	e.visitTypeParams(origin.TypeParams())
	e.visit(origin.Underlying())
	for i := range origin.NumMethods() {
		if m := origin.Method(i); m.Exported() {
			e.visit(m.Type())
		}
	}
}

func (e *exposure) visitTuple(t *types.Tuple) {
	for i := range t.Len() {
		e.visit(t.At(i).Type())
	}
}

func (e *exposure) visitList(l *types.TypeList) {
	for i := range l.Len() {
		e.visit(l.At(i))
	}
}

func (e *exposure) visitTypeParams(l *types.TypeParamList) {
	for i := range l.Len() {
		e.visit(l.At(i))
	}
}
