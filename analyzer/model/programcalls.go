package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// programCalls is the whole program's static call graph, as far as its
// product code says: who calls each function by name, and which functions
// may also be called from where the code does not say (used as a value,
// or a method an interface call of the same name may reach). Functions are
// keyed by funcKey, so that a package type-checked twice (with and without
// its tests) names each function once.
type programCalls struct {
	callers map[string][]string // function -> the functions that call it by name
	values  map[string]bool     // functions used as values, or called by package initialisers
	dynamic map[string]bool     // method names called through an interface
	recv    map[string]string   // method -> its receiver's type (kindKey)
}

func newProgramCalls() *programCalls {
	return &programCalls{callers: map[string][]string{}, values: map[string]bool{}, dynamic: map[string]bool{}, recv: map[string]string{}}
}

// funcKey names fn (its origin, for an instance of a generic function)
// across the type-checks of its package.
func funcKey(fn *types.Func) string { return fn.Origin().FullName() }

// add records the calls and function values of file.
func (g *programCalls) add(info *types.Info, file *ast.File) {
	for _, d := range file.Decls {
		decl, ok := d.(*ast.FuncDecl)
		if !ok {
			g.scan(info, d, "") // package-level initialisers
			continue
		}
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		caller := funcKey(fn)
		if recv := fn.Signature().Recv(); recv != nil {
			g.recv[caller] = kindKey(namedOf(recv.Type()))
		}
		g.scan(info, decl.Body, caller)
	}
}

// scan records the calls under n, made by caller ("" for a package
// initialiser, whose calls count as made from anywhere).
func (g *programCalls) scan(info *types.Info, n ast.Node, caller string) {
	called := map[*ast.Ident]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id := calleeIdent(n.Fun); id != nil {
				called[id] = true
			}
			g.noteCall(info, n, caller)
		case *ast.Ident:
			if fn, ok := info.Uses[n].(*types.Func); ok && !called[n] {
				g.values[funcKey(fn)] = true
			}
		}
		return true
	})
}

func (g *programCalls) noteCall(info *types.Info, call *ast.CallExpr, caller string) {
	fn := upstream.Callee(info, call)
	switch {
	case fn == nil:
	case isInterfaceMethod(fn):
		g.dynamic[fn.Name()] = true
	case caller == "":
		g.values[funcKey(fn)] = true
	default:
		k := funcKey(fn)
		g.callers[k] = append(g.callers[k], caller)
	}
}

// calleeIdent returns the identifier that names the function fun calls
// (f, pkg.F, x.M, f[T]), or nil.
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	}
	return nil
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// openCallers reports whether fn may be called from where the program's
// code does not say, so that its callers are not all known.
func (g *programCalls) openCallers(fn string) bool {
	_, isMethod := g.recv[fn]
	return g.values[fn] || isMethod && g.dynamic[methodName(fn)] || len(g.callers[fn]) == 0
}

// methodName is the last element of a method's funcKey.
func methodName(key string) string {
	for i := len(key) - 1; i >= 0; i-- {
		if key[i] == '.' {
			return key[i+1:]
		}
	}
	return key
}
