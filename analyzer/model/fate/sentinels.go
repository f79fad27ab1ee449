package fate

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A package's sentinel errors (`var ErrAcquireLock = errors.New("...")`)
// are never nil: a return of one after a failure hands a non-nil error on,
// as a return of `errors.New(...)` in place would. A package variable is a
// sentinel when it is declared with such a value and the package never
// assigns it again nor takes its address.

// findSentinels records the package's sentinel errors.
func (s *summarizer) findSentinels() {
	k := s.k
	k.sum.sentinels = make(map[*types.Var]bool)
	changed := make(map[*types.Var]bool)
	for _, f := range k.model.Files() {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				s.noteSentinelSpecs(n)
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					if v := packageVar(k, lhs); v != nil {
						changed[v] = true
					}
				}
			case *ast.UnaryExpr:
				if v := packageVar(k, n.X); n.Op == token.AND && v != nil {
					changed[v] = true
				}
			}
			return true
		})
	}
	for v := range changed {
		delete(k.sum.sentinels, v)
	}
}

// noteSentinelSpecs records the package-level error variables decl
// declares with a value that is never nil.
func (s *summarizer) noteSentinelSpecs(decl *ast.GenDecl) {
	k := s.k
	if decl.Tok != token.VAR {
		return
	}
	for _, spec := range decl.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, name := range vs.Names {
			v, ok := k.info.Defs[name].(*types.Var)
			if ok && v.Parent() == k.pkg.Scope() && isErrorValue(v.Type()) && k.nonNilExpr(vs.Values[i], pathState{}) {
				k.sum.sentinels[v] = true
			}
		}
	}
}

// packageVar returns the package-level variable e names, or nil.
func packageVar(k *knowledge, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := k.info.Uses[id].(*types.Var)
	if !ok || k.pkg == nil || v.Parent() != k.pkg.Scope() {
		return nil
	}
	return v
}
