package listermutation

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// A project's own controller often reads the informer's indexer and hands
// the object to a handler through an interface of its package
// (`c.handler.Handle(ctx, event.Type, obj)`), whose implementations live
// in the packages that import it: each implementation's parameter holds
// the cache's object, as an event handler's argument does.

// HandsCachedFact: the interface method is called, in its package, with
// an object of an informer cache as the listed parameters (0 is the
// first parameter), so every implementation receives the cache's object
// there.
type HandsCachedFact struct{ Params []int }

func (*HandsCachedFact) AFact() {}

func (f *HandsCachedFact) String() string { return fmt.Sprintf("handsCached%v", f.Params) }

// findHanded records, for every method of an interface of this package,
// the parameters that a call in the package gives the cache's object, and
// exports them as HandsCachedFact.
func (c *checker) findHanded() {
	for _, fd := range c.productDecls() {
		if !c.readsCache(fd.Body) {
			continue
		}
		t := c.newTracker(nil)
		t.mutated = func(ast.Node, string, val) {}
		t.called = func(call *ast.CallExpr) {
			m := c.ownInterfaceMethod(call)
			if m == nil {
				return
			}
			for i, arg := range call.Args {
				if t.ref(arg, call.Pos()).lvl == cached && !slices.Contains(c.handed[m], i) {
					c.handed[m] = append(c.handed[m], i)
				}
			}
		}
		t.walk(fd.Body)
	}
	for m, params := range c.handed {
		if m.Pkg() == c.pass.Pkg { // the others are imported facts
			slices.Sort(params)
			c.pass.ExportObjectFact(m, &HandsCachedFact{Params: params})
		}
	}
}

// productDecls returns the function declarations with a body of the
// package's files that are neither generated nor tests nor test support.
func (c *checker) productDecls() []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, f := range c.pass.Files {
		if ast.IsGenerated(f) || syntax.InTestFile(c.pass.Fset, f.Pos()) || syntax.TestSupport(f) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				out = append(out, fd)
			}
		}
	}
	return out
}

// ownInterfaceMethod returns the method call calls when it is a method of
// an interface declared in this package, called through the interface.
func (c *checker) ownInterfaceMethod(call *ast.CallExpr) *types.Func {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
		return nil
	}
	m, _ := s.Obj().(*types.Func)
	if m == nil || m.Pkg() != c.pass.Pkg {
		return nil
	}
	return m
}

// handedFacts adds to c.handed the HandsCachedFacts of the imported
// packages' interface methods.
func (c *checker) handedFacts() {
	for _, f := range c.pass.AllObjectFacts() {
		if h, ok := f.Fact.(*HandsCachedFact); ok {
			if m, ok := f.Object.(*types.Func); ok && m.Pkg() != c.pass.Pkg {
				c.handed[m] = h.Params
			}
		}
	}
}

// handedParams returns the parameters of the method fd declares that hold
// the cache's object because its type implements an interface method
// given one, with that method.
func (c *checker) handedParams(fd *ast.FuncDecl) (map[*types.Var]*types.Func, bool) {
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Signature().Recv() == nil || len(c.handed) == 0 {
		return nil, false
	}
	out := make(map[*types.Var]*types.Func)
	for m, params := range c.handed {
		if m.Name() != fn.Name() || !implements(fn.Signature().Recv().Type(), m) {
			continue
		}
		for _, i := range params {
			if i < fn.Signature().Params().Len() {
				out[fn.Signature().Params().At(i)] = m
			}
		}
	}
	return out, len(out) > 0
}

// implements reports whether recv, a method's receiver type, implements
// the interface that declares m.
func implements(recv types.Type, m *types.Func) bool {
	r := m.Signature().Recv()
	if r == nil {
		return false
	}
	iface, ok := r.Type().Underlying().(*types.Interface)
	return ok && types.Implements(recv, iface)
}

// implementsHanded reports whether the package declares a method of a
// type that implements an imported interface method of c.handed: such a
// package holds the cache's objects, although it reads no cache.
func (c *checker) implementsHanded() bool {
	if len(c.handed) == 0 {
		return false
	}
	for fn := range syntax.FuncDecls(c.pass.TypesInfo, c.pass.Files) {
		if recv := fn.Signature().Recv(); recv != nil {
			for m := range c.handed {
				if m.Name() == fn.Name() && implements(recv.Type(), m) {
					return true
				}
			}
		}
	}
	return false
}
