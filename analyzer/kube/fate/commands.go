package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// A command-line program built with cobra runs a command's RunE and, when
// it returns an error, prints it and exits. A failure returned from RunE
// (or from a function stored there) ends a one-shot program half way, as
// log.Fatal does: nothing runs the command again.

// endsCommand reports whether fn (a literal or a declaration) is stored in
// a command hook of the package, so that its returned error ends the
// program.
func (k *knowledge) endsCommand(fn ast.Node) bool {
	switch fn := fn.(type) {
	case *ast.FuncLit:
		return k.sum.commands[fn]
	case *ast.FuncDecl:
		return k.sum.commands[k.info.Defs[fn.Name]]
	}
	return false
}

// findCommandFuncs returns the literals and functions the package stores
// in command hooks: `RunE: func(...) error {...}`, `RunE: o.run`,
// `cmd.RunE = ...`.
func (s *summarizer) findCommandFuncs() map[any]bool {
	out := make(map[any]bool)
	if s.k.model == nil || s.k.pkg == nil || !importsPath(s.k.pkg, api.CobraPath) {
		return out
	}
	note := func(value ast.Expr) {
		switch v := ast.Unparen(value).(type) {
		case *ast.FuncLit:
			out[v] = true
		case *ast.Ident:
			out[s.k.info.Uses[v]] = true
		case *ast.SelectorExpr:
			out[s.k.info.Uses[v.Sel]] = true
		}
	}
	for _, f := range s.k.model.Files() {
		ast.Inspect(f, func(n ast.Node) bool {
			s.noteCommandHook(n, note)
			return true
		})
	}
	return out
}

// noteCommandHook passes to note the value n stores in a command hook, if
// it stores one.
func (s *summarizer) noteCommandHook(n ast.Node, note func(ast.Expr)) {
	switch n := n.(type) {
	case *ast.KeyValueExpr:
		if key, ok := n.Key.(*ast.Ident); ok && api.CobraErrorHooks[key.Name] && s.k.isCommandField(s.k.info.Uses[key]) {
			note(n.Value)
		}
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if sel, ok := l.(*ast.SelectorExpr); ok && len(n.Rhs) == len(n.Lhs) && api.CobraErrorHooks[sel.Sel.Name] && s.k.isCommandField(s.k.info.Uses[sel.Sel]) {
				note(n.Rhs[i])
			}
		}
	}
}

// importsPath reports whether pkg imports the package at path directly.
func importsPath(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if syntax.PkgPath(imp) == path {
			return true
		}
	}
	return false
}

// isCommandField reports whether obj is a field of cobra.Command.
func (k *knowledge) isCommandField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField() && v.Pkg() != nil && syntax.PkgPath(v.Pkg()) == api.CobraPath
}
