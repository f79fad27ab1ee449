package model

import (
	"go/ast"
	"go/token"
	"go/types"
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

// bytesPerSite is about how much source holds one site, from below.
const bytesPerSite = 64

// scanSites returns the calls, assignments, key-value pairs that set a
// func-typed field and variable declarations that bind a function literal
// (see noteFuncValues) of files, in the order of an
// inspector's Preorder; how many of them are calls; and the number of
// function bodies (declarations with a body, and literals) in files.
func scanSites(info *types.Info, files []*ast.File) (sites []site, calls, funcs int) {
	var (
		stack []ast.Node // the nodes being visited, innermost last
		inner *frame
	)
	// The corpus has a site for every 60 to 100 bytes of source; starting
	// near that saves growing the slice from nothing.
	extent := 0
	for _, f := range files {
		extent += int(f.End() - f.Pos())
	}
	sites = make([]site, 0, extent/bytesPerSite)
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
			if d, ok := n.(*ast.GenDecl); ok && (d.Tok == token.TYPE || d.Tok == token.IMPORT) {
				return false // no call, assignment or literal the model looks at
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
			case *ast.CallExpr:
				calls++
				sites = append(sites, site{node: n, frame: inner})
			case *ast.AssignStmt:
				sites = append(sites, site{node: n, frame: inner})
			case *ast.ValueSpec:
				if bindsFuncLit(n) {
					sites = append(sites, site{node: n, frame: inner})
				}
			case *ast.KeyValueExpr:
				if setsFuncField(info, n) {
					sites = append(sites, site{node: n, frame: inner})
				}
			}
			return true
		})
	}
	return sites, calls, funcs
}

// setsFuncField reports whether kv gives a func-typed field a value in a
// composite literal; most key-value pairs set data, and the model skips them.
func setsFuncField(info *types.Info, kv *ast.KeyValueExpr) bool {
	key, ok := kv.Key.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.ObjectOf(key).(*types.Var)
	if !ok {
		return false
	}
	_, isFunc := v.Type().Underlying().(*types.Signature)
	return isFunc
}

// bindsFuncLit reports whether spec gives a variable a function literal
// (see lifted.go); other variable declarations hold data.
func bindsFuncLit(spec *ast.ValueSpec) bool {
	for _, v := range spec.Values {
		if _, ok := ast.Unparen(v).(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}
