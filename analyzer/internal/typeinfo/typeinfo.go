// Package typeinfo reads type information that may have holes. The
// analyzers run on packages that type-check with errors (the model and
// listermutation set RunDespiteErrors), and a driver may hand them a
// package whose function bodies were never type-checked at all: go/packages
// skips the bodies of a dependency it loads from source only because it
// imports a test variant. There, types.Info has no entry for many
// expressions and identifiers, so TypeOf, ObjectOf, Uses and Defs return
// nil, and a type may be invalid where well-typed code guarantees a
// signature, a tuple or a slice. The helpers here answer nil (or false)
// instead of panicking; on well-typed code they answer what the direct
// lookups do.
package typeinfo

import (
	"go/ast"
	"go/types"
)

// Under returns the underlying type of t, or nil when t is nil.
func Under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return types.Unalias(t).Underlying()
}

// UnderOf returns the underlying type of the type info records for e, or
// nil when it records none.
func UnderOf(info *types.Info, e ast.Expr) types.Type {
	return Under(info.TypeOf(e))
}

// BodiesChecked reports whether the type checker went into the function
// bodies of files: some identifier in a body is resolved. It is false for
// a package checked with types.Config.IgnoreFuncBodies, whose bodies hold
// no type information at all; true when no body has an identifier, since
// such bodies have nothing to look up. On a type-checked package it stops
// at the first resolved identifier. It gives up after uncheckedBodies
// bodies with identifiers and none resolved (where a type error left
// every identifier of the first bodies undefined, too broken a package
// to model): a package loaded without bodies is then judged without a
// walk of all of them.
func BodiesChecked(info *types.Info, files []*ast.File) bool {
	unresolved := 0 // bodies with identifiers, none resolved
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			seen, resolved := false, false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && !resolved && id.Name != "_" {
					seen = true
					resolved = info.Uses[id] != nil || info.Defs[id] != nil
				}
				return !resolved // once one is resolved, nothing more is looked at
			})
			if resolved {
				return true
			}
			if seen {
				if unresolved++; unresolved == uncheckedBodies {
					return false
				}
			}
		}
	}
	return unresolved == 0
}

// uncheckedBodies is how many bodies with identifiers, none resolved,
// BodiesChecked looks at before it concludes that none was checked.
const uncheckedBodies = 8

// ChainRoot returns the variable at the root of a chain of field
// selections, indexes and dereferences (v, v.f, v[i], *v), or nil: the
// variable an assignment to e changes.
func ChainRoot(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(e).(*types.Var)
		return v
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel == nil || sel.Kind() != types.FieldVal {
			return nil
		}
		return ChainRoot(info, e.X)
	case *ast.IndexExpr:
		return ChainRoot(info, e.X)
	case *ast.StarExpr:
		return ChainRoot(info, e.X)
	}
	return nil
}

// Mentions reports whether n uses v.
func Mentions(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
