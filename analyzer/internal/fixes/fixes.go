// Package fixes holds the text-edit helpers the conflictlint analyzers
// share to build suggested fixes: imports, source text and statement lines.
package fixes

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	pathpkg "path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// ImportName returns the name under which the file containing pos can refer
// to the package path at pos, adding an import when there is none.
func ImportName(pass *analysis.Pass, pos token.Pos, path, name string) (string, []analysis.TextEdit, bool) {
	f := FileOf(pass, pos)
	if f == nil {
		return "", nil, false
	}
	scope := pass.Pkg.Scope().Innermost(pos)
	for _, spec := range f.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p != path {
			continue
		}
		pn := pass.TypesInfo.PkgNameOf(spec)
		if pn == nil || pn.Name() == "_" || pn.Name() == "." {
			continue
		}
		if _, o := scope.LookupParent(pn.Name(), pos); o == pn {
			return pn.Name(), nil, true
		}
	}
	if _, o := scope.LookupParent(name, pos); o != nil {
		return "", nil, false // the name is taken where the fix needs it
	}
	if syntax.FindPackage(pass.Pkg, path) == nil && !reachesModule(pass.Pkg, path) {
		return "", nil, false // the module may not be in the build: importing could break it
	}
	spec := strconv.Quote(path)
	if pkg := syntax.FindPackage(pass.Pkg, path); (pkg != nil && pkg.Name() != name) || (pkg == nil && pathpkg.Base(path) != name) {
		spec = name + " " + spec // apierrors "k8s.io/apimachinery/pkg/api/errors"
	}
	return name, []analysis.TextEdit{addImportSpec(f, path, spec)}, true
}

// AddImport adds path to f's imports.
func AddImport(f *ast.File, path string) analysis.TextEdit {
	return addImportSpec(f, path, strconv.Quote(path))
}

// addImportSpec adds the import spec (a quoted path, or a name and a
// quoted path) of path to f's imports.
func addImportSpec(f *ast.File, path, quoted string) analysis.TextEdit {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Rparen.IsValid() {
			// Into the group of its kind (standard library or third
			// party): after the last import of that kind that sorts
			// before it, else before the first one.
			var after, before *ast.ImportSpec
			for _, spec := range gd.Specs {
				is := spec.(*ast.ImportSpec)
				p := importPath(is)
				if isStd(p) != isStd(path) {
					continue
				}
				if p < path && (after == nil || p > importPath(after)) {
					after = is
				}
				if p > path && (before == nil || p < importPath(before)) {
					before = is
				}
			}
			if after != nil {
				return analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte("\n\t" + quoted)}
			}
			if before != nil {
				at := before.Pos()
				if before.Name != nil {
					at = before.Name.Pos()
				}
				return analysis.TextEdit{Pos: at, End: at, NewText: []byte(quoted + "\n\t")}
			}
			return analysis.TextEdit{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\t" + quoted + "\n")}
		}
		return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + quoted)}
	}
	return analysis.TextEdit{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + quoted)}
}

// isStd reports whether path is a standard library package: its first
// element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func importPath(spec *ast.ImportSpec) string {
	p, _ := strconv.Unquote(spec.Path.Value)
	return p
}

// FileOf returns the file of pass that holds pos, or nil.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// LineEnd returns the end of the line that holds pos, past a comment that
// trails the statement there.
func LineEnd(pass *analysis.Pass, pos token.Pos) (token.Pos, bool) {
	src, off, ok := Content(pass, pos)
	if !ok {
		return token.NoPos, false
	}
	nl := bytes.IndexByte(src[off:], '\n')
	if nl < 0 {
		return token.NoPos, false
	}
	return pos + token.Pos(nl), true
}

// Content returns the source of the file holding pos and the offset of pos.
// It fails for a position in no file (NoPos, a synthesized node), and when
// the file no longer holds what was parsed (its size differs), where
// offsets from the syntax tree would fall outside the text or between
// tokens.
func Content(pass *analysis.Pass, pos token.Pos) ([]byte, int, bool) {
	tf := pass.Fset.File(pos)
	if tf == nil || pass.ReadFile == nil {
		return nil, 0, false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil, 0, false
	}
	return src, tf.Offset(pos), true
}

// Source returns n as written.
func Source(pass *analysis.Pass, n ast.Node) string {
	src, start, ok := Content(pass, n.Pos())
	if !ok {
		if e, isExpr := n.(ast.Expr); isExpr {
			return types.ExprString(e)
		}
		return ""
	}
	_, end, _ := Content(pass, n.End())
	return string(src[start:end])
}

// StatementLines returns the lines of a statement that sits alone on its
// lines, without their indentation, and the edit that deletes them.
func StatementLines(pass *analysis.Pass, s ast.Stmt) ([]string, analysis.TextEdit, bool) {
	src, start, ok := Content(pass, s.Pos())
	if !ok {
		return nil, analysis.TextEdit{}, false
	}
	_, end, _ := Content(pass, s.End())
	lineStart := bytes.LastIndexByte(src[:start], '\n') + 1
	indent := src[lineStart:start]
	nl := bytes.IndexByte(src[end:], '\n')
	if len(bytes.TrimSpace(indent)) != 0 || nl < 0 || len(bytes.TrimSpace(src[end:end+nl])) != 0 {
		return nil, analysis.TextEdit{}, false
	}
	lines := strings.Split(string(src[start:end]), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], string(indent))
	}
	del := analysis.TextEdit{
		Pos: s.Pos() - token.Pos(start-lineStart),
		End: s.End() + token.Pos(nl+1),
	}
	return lines, del, true
}

// LeadingSpace returns the blanks s starts with.
func LeadingSpace(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}

// reachesModule reports whether pkg imports, transitively, a package of the
// module that provides path: then the module is in the build, and importing
// another of its packages compiles. Module roots are taken to be the first
// two path elements (three on code hosts), which holds for the Kubernetes
// modules the fixes import.
func reachesModule(pkg *types.Package, path string) bool {
	root := moduleRoot(path)
	return syntax.FindImport(pkg, func(p *types.Package) bool { return moduleRoot(syntax.PkgPath(p)) == root }) != nil
}

func moduleRoot(path string) string {
	parts := strings.Split(path, "/")
	n := 2
	if parts[0] == "github.com" || parts[0] == "gitlab.com" {
		n = 3
	}
	if len(parts) < n {
		return path
	}
	return strings.Join(parts[:n], "/")
}
