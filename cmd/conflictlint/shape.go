package main

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"os"
	"strings"
)

// The shape of a finding is the code it reports on (the write, the call of
// a helper, the mutation: the narrowest node, by the suite's convention)
// with the function's own names (parameters, receivers, local variables,
// constants and types) written "_", formatted on one line. It is what a
// baseline keys on: renaming a variable, reformatting a call or moving the
// function leave it unchanged, while another write or another field does
// not.

// shapes computes shapes, reading each source file once.
type shapes struct {
	sources map[string][]byte
}

func newShapes() *shapes { return &shapes{sources: make(map[string][]byte)} }

// of returns the shape of the code from pos to end in file, or "" when the
// range is empty or the source cannot be read.
func (s *shapes) of(fset *token.FileSet, info *types.Info, file *ast.File, pos, end token.Pos) string {
	if file == nil || info == nil || !pos.IsValid() || end <= pos {
		return ""
	}
	tf := fset.File(pos)
	src := s.source(tf.Name())
	start, stop := tf.Offset(pos), tf.Offset(end)
	if src == nil || stop > len(src) {
		return ""
	}
	var b strings.Builder
	last := start
	for _, id := range localNames(info, file, pos, end) {
		off := tf.Offset(id.Pos())
		b.Write(src[last:off])
		b.WriteString("_")
		last = off + len(id.Name)
	}
	b.Write(src[last:stop])
	return canonical(b.String())
}

// canonical formats code as gofmt would on one line, so that line breaks
// and trailing commas do not matter; code that is not an expression (a
// statement, a comment) has its white space collapsed.
func canonical(code string) string {
	code = strings.Join(strings.Fields(code), " ")
	expr, err := parser.ParseExpr(code)
	if err != nil {
		return code
	}
	var b strings.Builder
	if err := printer.Fprint(&b, token.NewFileSet(), expr); err != nil {
		return code
	}
	return b.String()
}

func (s *shapes) source(name string) []byte {
	data, ok := s.sources[name]
	if !ok {
		data, _ = os.ReadFile(name)
		s.sources[name] = data
	}
	return data
}

// localNames lists, in source order, the identifiers between pos and end
// that denote something declared inside a function.
func localNames(info *types.Info, file *ast.File, pos, end token.Pos) []*ast.Ident {
	var ids []*ast.Ident
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.End() <= pos || n.Pos() >= end {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && id.End() <= end && isLocal(info.ObjectOf(id)) {
			ids = append(ids, id)
		}
		return true
	})
	return ids
}

// isLocal reports whether obj is declared in a function's scope: not a
// package member, a field or method (which have no parent scope), an
// imported package's name or a predeclared identifier.
func isLocal(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil || obj.Parent() == nil {
		return false
	}
	if _, ok := obj.(*types.PkgName); ok {
		return false
	}
	return obj.Parent() != obj.Pkg().Scope()
}
