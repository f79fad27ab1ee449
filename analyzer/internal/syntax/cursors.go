package syntax

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ast/inspector"
)

// ParamVars lists decl's parameters in order (nil for unnamed ones).
func ParamVars(info *types.Info, decl *ast.FuncDecl) []*types.Var {
	var vars []*types.Var
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			vars = append(vars, nil)
		}
		for _, name := range field.Names {
			v, _ := info.Defs[name].(*types.Var)
			vars = append(vars, v)
		}
	}
	return vars
}

// EveryReturn reports whether body (a function's, nested literals apart)
// has a return statement and every one satisfies ok.
func EveryReturn(body *ast.BlockStmt, ok func(*ast.ReturnStmt) bool) bool {
	all, returns := true, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			all = all && ok(n)
		}
		return all
	})
	return all && returns > 0
}

// HasReturn reports whether body returns anywhere but in a nested
// function literal.
func HasReturn(body *ast.BlockStmt) bool {
	return EveryReturn(body, func(*ast.ReturnStmt) bool { return true })
}

// FileIndex returns a function that maps a position to the index in files
// of the file that holds it, or -1. The use pass calls it for most of a
// package's identifiers, so the ranges are kept in flat slices.
func FileIndex(files []*ast.File) func(token.Pos) int {
	type span struct {
		start, end token.Pos
		index      int
	}
	spans := make([]span, len(files))
	for i, f := range files {
		spans[i] = span{f.FileStart, f.FileEnd, i}
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	return func(pos token.Pos) int {
		lo, hi := 0, len(spans) // the first span that ends at or after pos
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if spans[mid].end < pos {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < len(spans) && spans[lo].start <= pos {
			return spans[lo].index
		}
		return -1
	}
}

// Cursors builds inspectors on demand, one per top-level declaration that
// holds a node that needs a cursor. Every use of a cursor stays inside the
// function (or package-level literal) that holds it: the fate walk, the
// fixes and the checks never climb above a declaration. It is used only
// while the model is built, on one goroutine; the analyzers get the
// cursors the model stored.
type Cursors struct {
	files      []*ast.File
	fileOf     func(token.Pos) int
	inspectors map[ast.Decl]*inspector.Inspector
}

func NewCursors(files []*ast.File) *Cursors {
	return &Cursors{files: files, fileOf: FileIndex(files), inspectors: make(map[ast.Decl]*inspector.Inspector)}
}

// At returns the cursor of n, a node inside a declaration of the files.
func (c *Cursors) At(n ast.Node) (inspector.Cursor, bool) {
	in := c.inspectorOf(n.Pos())
	if in == nil {
		return inspector.Cursor{}, false
	}
	root := in.Root()
	// The innermost node that spans n is n, or (when a child spans all of
	// it) inside n; a search by position skips the rest of the declaration.
	if cur, ok := root.FindByPos(n.Pos(), n.End()); ok {
		for ; cur.Node() != nil; cur = cur.Parent() { // the root's node is nil
			if cur.Node() == n {
				return cur, true
			}
		}
	}
	return root.FindNode(n)
}

// inspectorOf returns the inspector of the declaration at pos, or nil. It
// walks a file that holds that declaration alone, with the file's bounds,
// so that positions keep their meaning; its package clause is put at the
// declaration, since the inspector sizes itself from the extent between
// the two.
func (c *Cursors) inspectorOf(pos token.Pos) *inspector.Inspector {
	d := c.DeclAt(pos)
	if d == nil {
		return nil
	}
	if c.inspectors[d] == nil {
		f := c.files[c.fileOf(pos)]
		alone := &ast.File{Package: d.Pos(), Name: f.Name, Decls: []ast.Decl{d}, FileStart: f.FileStart, FileEnd: f.FileEnd}
		c.inspectors[d] = inspector.New([]*ast.File{alone})
	}
	return c.inspectors[d]
}

// DeclAt returns the top-level declaration of the files that holds pos,
// or nil; it builds no inspector.
func (c *Cursors) DeclAt(pos token.Pos) ast.Decl {
	i := c.fileOf(pos)
	if i < 0 {
		return nil
	}
	f := c.files[i]
	k := sort.Search(len(f.Decls), func(k int) bool { return f.Decls[k].End() > pos })
	if k == len(f.Decls) || f.Decls[k].Pos() > pos {
		return nil
	}
	return f.Decls[k]
}
