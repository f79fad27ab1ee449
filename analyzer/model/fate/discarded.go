package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// A function that hands its failure on as a status (`return false`, a
// status of the project's own type, a nil object beside the one it wrote)
// tells its callers. When every call of it in the package drops what it
// returns (`_ = f()`, a call statement, go or defer), the status reaches
// nobody and the failure ends there, as if the function had dropped it.
// Only unexported functions are judged (callers in other packages are out
// of view), and not a method an interface of the package also declares
// (calls through the interface would not be counted).

// findDiscardedResults records the functions whose every call in the
// modeled files drops its results: dropped holds the names of the
// callees of those files' calls that drop them.
func (s *summarizer) findDiscardedResults(dropped map[*ast.Ident]bool) {
	k := s.k
	k.sum.discarded = make(map[*types.Func]bool)
	type count struct{ all, dropped int }
	counts := make(map[*types.Func]*count)
	for id, obj := range k.info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() != k.pkg || fn.Exported() {
			continue
		}
		fn = fn.Origin()
		c := counts[fn]
		if c == nil {
			c = &count{}
			counts[fn] = c
		}
		c.all++
		if dropped[id] {
			c.dropped++
		}
	}
	for fn, c := range counts {
		if c.all == c.dropped && !interfaceDeclares(k.pkg, fn) {
			k.sum.discarded[fn] = true
		}
	}
}

// droppedCallee returns the name of the function that the statement n
// calls without keeping any of its results, or nil.
func droppedCallee(n ast.Node) *ast.Ident {
	var e ast.Expr
	switch n := n.(type) {
	case *ast.ExprStmt:
		e = n.X
	case *ast.GoStmt:
		e = n.Call
	case *ast.DeferStmt:
		e = n.Call
	case *ast.AssignStmt:
		if len(n.Rhs) != 1 {
			return nil
		}
		for _, lhs := range n.Lhs {
			if id, ok := lhs.(*ast.Ident); !ok || id.Name != "_" {
				return nil
			}
		}
		e = n.Rhs[0]
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	return syntax.NameIdent(call.Fun)
}

// interfaceDeclares reports whether fn is a method and an interface type
// of pkg declares a method of its name.
func interfaceDeclares(pkg *types.Package, fn *types.Func) bool {
	if fn.Signature().Recv() == nil {
		return false
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if it, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == fn.Name() {
					return true
				}
			}
		}
	}
	return false
}

// statusDiscarded reports whether the function around the failure hands
// it on as a status that every caller drops.
func (ex *exits) statusDiscarded() bool {
	decl, ok := ex.f.fn.(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, ok := ex.k.info.Defs[decl.Name].(*types.Func)
	return ok && ex.k.sum.discarded[fn]
}
