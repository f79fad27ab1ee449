// Package syntax holds the small syntax and package helpers that every
// conflictlint analyzer needs, so that each is written once.
package syntax

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
)

// FuncBody returns the body of a *ast.FuncDecl or *ast.FuncLit, or nil.
func FuncBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

// FuncType returns the signature of a *ast.FuncDecl or *ast.FuncLit, or nil.
func FuncType(fn ast.Node) *ast.FuncType {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Type
	case *ast.FuncLit:
		return fn.Type
	}
	return nil
}

// EnclosingFunc returns the cursor of the innermost *ast.FuncLit or
// *ast.FuncDecl around cur, or the zero Cursor.
func EnclosingFunc(cur inspector.Cursor) inspector.Cursor {
	for enc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return enc
	}
	return inspector.Cursor{}
}

// Within reports whether n lies inside outer.
func Within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// FindPackage returns the package with the given path among pkg and its
// transitive imports, or nil.
func FindPackage(pkg *types.Package, path string) *types.Package {
	return FindImport(pkg, func(p *types.Package) bool { return PkgPath(p) == path })
}

// FindImport returns the first package, among pkg and its transitive
// imports in depth-first order, for which match holds, or nil.
func FindImport(pkg *types.Package, match func(*types.Package) bool) *types.Package {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) *types.Package
	visit = func(p *types.Package) *types.Package {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if match(p) {
			return p
		}
		for _, imp := range p.Imports() {
			if found := visit(imp); found != nil {
				return found
			}
		}
		return nil
	}
	return visit(pkg)
}

// EnclosingFuncNode returns the innermost *ast.FuncLit or *ast.FuncDecl
// around cur, or nil.
func EnclosingFuncNode(cur inspector.Cursor) ast.Node {
	for enc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return enc.Node()
	}
	return nil
}

// Encloses reports whether pos lies inside n; a nil n encloses nothing.
func Encloses(n ast.Node, pos token.Pos) bool {
	return n != nil && n.Pos() <= pos && pos < n.End()
}

// InTestFile reports whether pos lies in a _test.go file of fset.
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// InTestCode reports whether pos lies in test code: a _test.go file, or
// a file of files that is test support (see TestSupport).
func InTestCode(fset *token.FileSet, files []*ast.File, pos token.Pos) bool {
	if InTestFile(fset, pos) {
		return true
	}
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return TestSupport(f)
		}
	}
	return false
}

// TestSupport reports whether f, not a _test.go file, is there for tests
// that run on fakes: it imports testing and a fake client (a clientset's,
// controller-runtime's, dynamic: their paths end in "fake"; or client-go's
// testing package). Its writes run only in such tests, where no other
// writer races them. A helper that imports testing alone may drive an e2e
// test against a live cluster, and stays product code.
func TestSupport(f *ast.File) bool {
	var testing, fakes bool
	for _, imp := range f.Imports {
		switch path := strings.Trim(imp.Path.Value, "`\""); {
		case path == "testing":
			testing = true
		case path == "k8s.io/client-go/testing", strings.HasSuffix(path, "/fake"):
			fakes = true
		}
	}
	return testing && fakes
}

// Ident returns e, without parentheses, when it is an identifier, or nil:
// the one way the project takes an identifier from an expression.
func Ident(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// NameIdent returns the identifier that names e, without parentheses:
// e itself, or a selector's last name (opt, builder.MatchEveryOwner,
// c.enqueue), or nil.
func NameIdent(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// InnermostLoop returns the for or range statement that most closely
// encloses cur inside its function, or nil when none does.
func InnermostLoop(cur inspector.Cursor) ast.Stmt {
	for enc := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if s, ok := enc.Node().(ast.Stmt); ok {
			return s
		}
		return nil
	}
	return nil
}

// PkgPath is pkg's import path as the upstream module publishes it: in
// GOPATH mode a vendored copy's path ("example.com/op/vendor/k8s.io/client-go/rest")
// loses everything up to its vendor directory, so that tables of upstream
// symbols match vendored code too.
func PkgPath(pkg *types.Package) string {
	p := pkg.Path()
	if !strings.Contains(p, "vendor/") { // the common case, and a fast search
		return p
	}
	if i := strings.LastIndex(p, "/vendor/"); i >= 0 {
		return p[i+len("/vendor/"):]
	}
	return strings.TrimPrefix(p, "vendor/")
}

// ReceivedChannel returns the channel a select case's communication
// receives from (`case <-ch:`, `case v := <-ch:`), or nil when it sends or
// is the default case.
func ReceivedChannel(comm ast.Stmt) ast.Expr {
	var x ast.Expr
	switch c := comm.(type) {
	case *ast.ExprStmt:
		x = c.X
	case *ast.AssignStmt:
		if len(c.Rhs) == 1 {
			x = c.Rhs[0]
		}
	}
	if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

// FieldValue returns the value a composite literal gives the field key
// (`Key: value`), or nil when it gives none by name.
func FieldValue(lit *ast.CompositeLit, key string) ast.Expr {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == key {
				return kv.Value
			}
		}
	}
	return nil
}

// RunsFirst reports whether every run of body reaches n: n stands in one
// of body's own statements, outside any nested block, function literal,
// deferred or spawned call, or operand that && and || may skip, and no
// statement before that one may leave the function or stay in a loop.
func RunsFirst(body *ast.BlockStmt, n ast.Node) bool {
	for _, stmt := range body.List {
		if stmt.Pos() <= n.Pos() && n.End() <= stmt.End() {
			return reachedIn(stmt, n)
		}
		if mayLeave(stmt) {
			return false
		}
	}
	return false
}

// reachedIn reports whether running stmt always evaluates n, which it
// holds.
func reachedIn(stmt ast.Stmt, n ast.Node) bool {
	reached := true
	var path []ast.Node
	ast.Inspect(stmt, func(c ast.Node) bool {
		if c == nil {
			path = path[:len(path)-1]
			return false
		}
		if c.Pos() > n.Pos() || c.End() < n.End() {
			return false // holds no part of n
		}
		if len(path) > 0 && !evaluates(path[len(path)-1], c) {
			reached = false
		}
		if c == n || !reached {
			return false
		}
		path = append(path, c)
		return true
	})
	return reached
}

// evaluates reports whether evaluating parent always evaluates its child.
func evaluates(parent, child ast.Node) bool {
	switch p := parent.(type) {
	case *ast.BlockStmt, *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt, *ast.CaseClause, *ast.CommClause,
		*ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		return false
	case *ast.IfStmt:
		return child == p.Init || child == p.Cond
	case *ast.BinaryExpr:
		return child == p.X || p.Op != token.LAND && p.Op != token.LOR
	}
	return true
}

// mayLeave reports whether stmt may leave the function (a return, a goto,
// a panic or an exit) or never end (a loop without a condition, an empty
// select), outside the function literals it holds.
func mayLeave(stmt ast.Stmt) bool {
	leaves := false
	ast.Inspect(stmt, func(c ast.Node) bool {
		switch x := c.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			leaves = true
		case *ast.BranchStmt:
			leaves = leaves || x.Tok == token.GOTO
		case *ast.ForStmt:
			leaves = leaves || x.Cond == nil
		case *ast.SelectStmt:
			leaves = leaves || len(x.Body.List) == 0
		case *ast.CallExpr:
			if id := NameIdent(x.Fun); id != nil && (id.Name == "panic" || id.Name == "Exit" || strings.HasPrefix(id.Name, "Fatal") || strings.HasPrefix(id.Name, "Panic")) {
				leaves = true
			}
		}
		return !leaves
	})
	return leaves
}

// UsesGoto reports whether the body of fn (a *ast.FuncDecl, *ast.FuncLit
// or block) jumps with goto: then a statement earlier in a block may not
// run on every path to a later one, nor a later one only after it. A goto
// in a nested function literal jumps within that literal only.
func UsesGoto(fn ast.Node) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}
