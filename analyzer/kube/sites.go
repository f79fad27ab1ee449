package kube

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/inspector"
)

// The model looks at every call, assignment and key-value pair of the
// files it walks, but needs a cursor (to climb the syntax tree, or to walk
// a function's control flow) only for a few of them: the writes, the retry
// scopes and the calls of write helpers. An inspector costs about ten bytes
// for every byte of source, and most walked files hold none of those, so
// the model collects its sites in one plain walk of the syntax, with the
// functions around each, and builds the inspector of a file only when one
// of its nodes needs a cursor.

// frame is a function (a *ast.FuncDecl or *ast.FuncLit) the walk is in.
type frame struct {
	fn    ast.Node
	outer *frame // the function around fn, or nil
}

// site is a node the model looks at, and the innermost function around it.
type site struct {
	node  ast.Node
	frame *frame // nil at package level
}

// fnNode returns the innermost function around the site, or nil.
func (s site) fnNode() ast.Node {
	if s.frame == nil {
		return nil
	}
	return s.frame.fn
}

// decl returns the function declaration around the site, or nil.
func (s site) decl() *ast.FuncDecl {
	f := s.frame
	for f != nil && f.outer != nil {
		f = f.outer
	}
	if f == nil {
		return nil
	}
	decl, _ := f.fn.(*ast.FuncDecl)
	return decl
}

// scanSites returns the calls, assignments and key-value pairs of files in
// the order of an inspector's Preorder, and the number of function bodies
// (declarations with a body, and literals) in them.
func scanSites(files []*ast.File) (sites []site, funcs int) {
	var (
		stack []ast.Node // the nodes being visited, innermost last
		inner *frame
	)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				switch stack[len(stack)-1].(type) {
				case *ast.FuncDecl, *ast.FuncLit:
					inner = inner.outer
				}
				stack = stack[:len(stack)-1]
				return false
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					funcs++
				}
				inner = &frame{fn: n, outer: inner}
			case *ast.FuncLit:
				funcs++
				inner = &frame{fn: n, outer: inner}
			case *ast.CallExpr, *ast.AssignStmt, *ast.KeyValueExpr:
				sites = append(sites, site{node: n, frame: inner})
			}
			return true
		})
	}
	return sites, funcs
}

// cursors builds the inspectors of the walked files on demand, one per
// file. It is used only while the model is built, on one goroutine; the
// analyzers get the cursors the model stored.
type cursors struct {
	files      []*ast.File
	fileOf     func(token.Pos) int
	inspectors []*inspector.Inspector // by index in files, nil until needed
}

func newCursors(files []*ast.File) *cursors {
	return &cursors{files: files, fileOf: fileIndex(files), inspectors: make([]*inspector.Inspector, len(files))}
}

// at returns the cursor of n, a node of one of the files.
func (c *cursors) at(n ast.Node) (inspector.Cursor, bool) {
	i := c.fileOf(n.Pos())
	if i < 0 {
		return inspector.Cursor{}, false
	}
	if c.inspectors[i] == nil {
		c.inspectors[i] = inspector.New(c.files[i : i+1])
	}
	root := c.inspectors[i].Root()
	// The innermost node that spans n is n, or (when a child spans all of
	// it) inside n; a search by position skips the rest of the file.
	if cur, ok := root.FindByPos(n.Pos(), n.End()); ok {
		for ; cur.Node() != nil; cur = cur.Parent() { // the root's node is nil
			if cur.Node() == n {
				return cur, true
			}
		}
	}
	return root.FindNode(n)
}
