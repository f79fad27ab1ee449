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
// keyed by FuncID, so that a package type-checked twice (with and without
// its tests) names each function once.
type programCalls struct {
	callers map[FuncID][]FuncID // function -> the functions that call it by name
	values  map[FuncID]bool     // functions used as values, or called by package initialisers
	dynamic map[string]bool     // method names called through an interface
	called  map[*ast.Ident]bool // scratch: the callee names of the declaration being scanned
	calls   []call              // the calls of the package being added, in source order
}

// FuncID names a function or method across the type-checks of its package
// (its origin, for an instance of a generic function) without building a
// string: its package path, its receiver's type name ("" for a function)
// and its name.
type FuncID struct{ pkg, recv, name string }

// FuncIDOf returns fn's FuncID.
func FuncIDOf(fn *types.Func) FuncID {
	fn = fn.Origin()
	id := FuncID{name: fn.Name()}
	if fn.Pkg() != nil {
		id.pkg = fn.Pkg().Path()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		if tn := namedOf(recv.Type()); tn != nil {
			id.recv = tn.Name()
		}
	}
	return id
}

// owner is the kindKey of a method's receiver type ("" for a function).
func (id FuncID) owner() string {
	if id.recv == "" {
		return ""
	}
	return id.pkg + "." + id.recv
}

func newProgramCalls() *programCalls {
	return &programCalls{callers: map[FuncID][]FuncID{}, values: map[FuncID]bool{}, dynamic: map[string]bool{}, called: map[*ast.Ident]bool{}}
}

// add records the calls and function values of file, and keeps its calls
// with a known callee in g.calls (one walk serves both).
func (g *programCalls) add(info *types.Info, file *ast.File) {
	for _, d := range file.Decls {
		decl, ok := d.(*ast.FuncDecl)
		if !ok {
			g.scan(info, d, nil, nil) // package-level initialisers
			continue
		}
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		caller := FuncIDOf(fn)
		g.scan(info, decl.Body, &caller, &frame{fn: decl})
	}
}

// scan records the calls under n, made by caller (nil for a package
// initialiser, whose calls count as made from anywhere) in the
// declaration of fr (its function literals' calls too, for the evidence
// that reads a call's declaration).
func (g *programCalls) scan(info *types.Info, n ast.Node, caller *FuncID, fr *frame) {
	clear(g.called)
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id := calleeIdent(n.Fun); id != nil {
				g.called[id] = true
			}
			g.noteCall(info, n, caller, fr)
		case *ast.Ident:
			if fn, ok := info.Uses[n].(*types.Func); ok && !g.called[n] {
				g.values[FuncIDOf(fn)] = true
			}
		}
		return true
	})
}

func (g *programCalls) noteCall(info *types.Info, c *ast.CallExpr, caller *FuncID, fr *frame) {
	fn := upstream.Callee(info, c)
	if fn == nil {
		return
	}
	g.calls = append(g.calls, call{expr: c, callee: fn, frame: fr})
	switch {
	case isInterfaceMethod(fn):
		g.dynamic[fn.Name()] = true
	case caller == nil:
		g.values[FuncIDOf(fn)] = true
	default:
		k := FuncIDOf(fn)
		g.callers[k] = append(g.callers[k], *caller)
	}
}

// takeCalls returns the calls added since the last take.
func (g *programCalls) takeCalls() []call {
	out := g.calls
	g.calls = nil
	return out
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
func (g *programCalls) openCallers(fn FuncID) bool {
	return g.values[fn] || fn.recv != "" && g.dynamic[fn.name] || len(g.callers[fn]) == 0
}
