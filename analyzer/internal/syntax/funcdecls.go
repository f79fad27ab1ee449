package syntax

import (
	"go/ast"
	"go/types"
	"iter"
)

// FuncDecls yields the function and method declarations of files that
// have a body, with the function each declares, in source order; a
// declaration whose name did not resolve (a type error) is skipped.
func FuncDecls(info *types.Info, files []*ast.File) iter.Seq2[*types.Func, *ast.FuncDecl] {
	return func(yield func(*types.Func, *ast.FuncDecl) bool) {
		for _, f := range files {
			for _, d := range f.Decls {
				decl, ok := d.(*ast.FuncDecl)
				if !ok || decl.Body == nil {
					continue
				}
				fn, ok := info.Defs[decl.Name].(*types.Func)
				if !ok {
					continue
				}
				if !yield(fn, decl) {
					return
				}
			}
		}
	}
}
