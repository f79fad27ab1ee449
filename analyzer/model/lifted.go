package model

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

// declarations are the package's function declarations, and the
// stand-ins of the literals bound to a variable. The first stage makes
// them; every later stage reads them.
type declarations struct {
	info *types.Info
	pkg  *types.Package

	decls       map[*types.Func]*ast.FuncDecl
	lifted      map[*ast.FuncLit]*types.Func // literals bound to a variable, and their stand-ins
	liftedFuncs map[*types.Func]bool
}

// collectDecls returns the declarations of the functions and methods with
// a body in files, and no stand-in yet.
func collectDecls(info *types.Info, pkg *types.Package, files []*ast.File) *declarations {
	d := &declarations{
		info:        info,
		pkg:         pkg,
		decls:       make(map[*types.Func]*ast.FuncDecl),
		lifted:      make(map[*ast.FuncLit]*types.Func),
		liftedFuncs: make(map[*types.Func]bool),
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				d.decls[fn] = fd
			}
		}
	}
	return d
}

// lift returns the stand-in function of lit, bound to v, making it on
// first use; nil when lit has no signature (ill-typed code).
func (d *declarations) lift(v *types.Var, lit *ast.FuncLit) *types.Func {
	if fn, ok := d.lifted[lit]; ok {
		return fn
	}
	sig, ok := d.info.TypeOf(lit).(*types.Signature)
	if !ok || lit.Body == nil {
		return nil
	}
	fn := types.NewFunc(lit.Pos(), d.pkg, v.Name(), sig)
	name := &ast.Ident{NamePos: lit.Pos(), Name: v.Name()}
	d.lifted[lit] = fn
	d.liftedFuncs[fn] = true
	d.decls[fn] = &ast.FuncDecl{Name: name, Type: lit.Type, Body: lit.Body}
	return fn
}

// declOf returns the function declared by fn when fn is a *ast.FuncDecl,
// or the stand-in of a literal bound to a variable.
func (d *declarations) declOf(fn ast.Node) (*types.Func, *ast.FuncDecl) {
	if lit, ok := fn.(*ast.FuncLit); ok {
		if lifted := d.lifted[lit]; lifted != nil {
			return lifted, d.decls[lifted]
		}
		return nil, nil
	}
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return nil, nil
	}
	obj, _ := d.info.Defs[decl.Name].(*types.Func)
	if obj == nil {
		return nil, nil
	}
	return obj, decl
}

// isLifted reports whether fn is the stand-in of a function literal.
func (r *Result) isLifted(fn *types.Func) bool { return r.liftedFuncs[fn] }
