package kube

import (
	"go/ast"
	"go/types"
)

// A function literal bound to a variable (`var updateFn = func(...)
// error {...}`, a test seam, or `update := func() error {...}`) is called
// through that variable. When the package gives the variable no other
// value, a call through it is a call of the literal, and the model follows
// it as it follows a declared function: the literal gets a stand-in
// *types.Func and *ast.FuncDecl, so that it can be a returner, a refresher
// or a retry helper, and a caller that drops its failure is where the
// failure is lost. Stand-ins never leave the package: they have no object
// path, so no fact is exported for them.

// liftedFunc returns the stand-in function of lit, bound to v, making it on
// first use; nil when lit has no signature (ill-typed code).
func (m *modeler) liftedFunc(v *types.Var, lit *ast.FuncLit) *types.Func {
	if fn, ok := m.res.lifted[lit]; ok {
		return fn
	}
	sig, ok := m.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	if !ok || lit.Body == nil {
		return nil
	}
	fn := types.NewFunc(lit.Pos(), m.pass.Pkg, v.Name(), sig)
	name := &ast.Ident{NamePos: lit.Pos(), Name: v.Name()}
	m.res.lifted[lit] = fn
	m.res.liftedFuncs[fn] = true
	m.res.decls[fn] = &ast.FuncDecl{Name: name, Type: lit.Type, Body: lit.Body}
	return fn
}

// isLifted reports whether fn is the stand-in of a function literal.
func (r *Result) isLifted(fn *types.Func) bool { return r.liftedFuncs[fn] }
