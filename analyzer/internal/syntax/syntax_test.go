package syntax

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const src = `package p

func outer() {
	f := func() { println("in") }
	f()
}
`

// parse returns the file and the cursor of the call println("in").
func parse(t *testing.T) (*ast.File, inspector.Cursor) {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	for cur := range inspector.New([]*ast.File{file}).Root().Preorder((*ast.CallExpr)(nil)) {
		if id, ok := cur.Node().(*ast.CallExpr).Fun.(*ast.Ident); ok && id.Name == "println" {
			return file, cur
		}
	}
	t.Fatal("no println call")
	return nil, inspector.Cursor{}
}

func TestEnclosingFunc(t *testing.T) {
	file, call := parse(t)
	lit, ok := EnclosingFuncNode(call).(*ast.FuncLit)
	if !ok {
		t.Fatalf("EnclosingFuncNode = %T, want the function literal", EnclosingFuncNode(call))
	}
	if EnclosingFunc(call).Node() != lit {
		t.Error("EnclosingFunc and EnclosingFuncNode disagree")
	}
	decl := file.Decls[0].(*ast.FuncDecl)
	if FuncBody(lit) != lit.Body || FuncBody(decl) != decl.Body || FuncBody(call.Node()) != nil {
		t.Error("FuncBody returns the wrong body")
	}
	if FuncType(lit) != lit.Type || FuncType(decl) != decl.Type || FuncType(nil) != nil {
		t.Error("FuncType returns the wrong signature")
	}
	if !Within(call.Node(), lit) || Within(decl, lit) {
		t.Error("Within: the call lies in the literal, the declaration does not")
	}
	if !Encloses(lit, call.Node().Pos()) || Encloses(lit, decl.Pos()) || Encloses(nil, call.Node().Pos()) {
		t.Error("Encloses: the literal holds the call's position, not the declaration's; nil holds nothing")
	}
	if Encloses(lit, lit.End()) {
		t.Error("Encloses: the end position lies outside")
	}
}

func TestFindPackage(t *testing.T) {
	leaf := types.NewPackage("example.com/leaf", "leaf")
	mid := types.NewPackage("example.com/mid", "mid")
	root := types.NewPackage("example.com/root", "root")
	mid.SetImports([]*types.Package{leaf})
	root.SetImports([]*types.Package{mid, leaf})
	leaf.SetImports([]*types.Package{root}) // a cycle must not loop
	if FindPackage(root, "example.com/leaf") != leaf {
		t.Error("FindPackage does not find a transitive import")
	}
	if FindPackage(root, "example.com/none") != nil {
		t.Error("FindPackage found a package that is not imported")
	}
	if FindPackage(root, "example.com/root") != root {
		t.Error("FindPackage does not consider the package itself")
	}
}

// importGraph returns root, which imports other (no match), mid and leaf;
// mid imports leaf, and leaf imports root back: a cycle must not loop.
func importGraph() (root, mid, leaf, other *types.Package) {
	leaf = types.NewPackage("example.com/leaf", "leaf")
	mid = types.NewPackage("example.com/mid", "mid")
	root = types.NewPackage("example.com/root", "root")
	other = types.NewPackage("example.com/other", "other")
	mid.SetImports([]*types.Package{leaf})
	root.SetImports([]*types.Package{other, mid, leaf})
	leaf.SetImports([]*types.Package{root})
	return root, mid, leaf, other
}

func isLeafPackage(p *types.Package) bool { return p.Path() == "example.com/leaf" }

func TestImportReach(t *testing.T) {
	root, mid, leaf, other := importGraph()
	reach := NewImportReach(isLeafPackage)
	for range 2 { // the second time from memory
		if !reach.From(root) || !reach.From(mid) || !reach.From(leaf) {
			t.Error("ImportReach does not find a transitive import, or the package itself")
		}
		if reach.From(other) {
			t.Error("ImportReach found a package that is not imported")
		}
	}
}

func TestImportFinder(t *testing.T) {
	root, mid, leaf, other := importGraph()
	find := NewImportFinder(isLeafPackage)
	for range 2 { // the second time from memory
		if find.From(root) != leaf || find.From(mid) != leaf || find.From(leaf) != leaf {
			t.Error("ImportFinder does not find a transitive import, or the package itself")
		}
		if find.From(other) != nil {
			t.Error("ImportFinder found a package that is not imported")
		}
	}
}

func TestHasReturn(t *testing.T) {
	const body = `package p

func none() { f := func() int { return 1 }; f() }
func some(b bool) { if b { return }; println() }
`
	file, err := parser.ParseFile(token.NewFileSet(), "r.go", body, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		decl := file.Decls[i].(*ast.FuncDecl)
		if got := HasReturn(decl.Body); got != want {
			t.Errorf("HasReturn(%s) = %v, want %v (a literal's return does not count)", decl.Name.Name, got, want)
		}
	}
}

// TestFileIndex checks that every position maps to the file that holds
// it, whatever the order of the files, and a position outside them to -1.
func TestFileIndex(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, src := range []string{"package p\n\nvar a = 1\n", "package p\n", "package p\n\nfunc f() {}\n"} {
		f, err := parser.ParseFile(fset, "", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	files[0], files[2] = files[2], files[0] // not in position order
	index := FileIndex(files)
	for i, f := range files {
		for _, pos := range []token.Pos{f.FileStart, f.Name.Pos(), f.FileEnd} {
			if got := index(pos); got != i {
				t.Errorf("position %d of file %d: index %d", pos, i, got)
			}
		}
	}
	if got := index(token.NoPos); got != -1 {
		t.Errorf("no position: index %d, want -1", got)
	}
}

func TestInTestCode(t *testing.T) {
	cases := []struct {
		name, imports string
		want          bool
	}{
		{"helpers.go", `import ("testing"; kubefake "k8s.io/client-go/kubernetes/fake")`, true},
		{"helpers.go", `import ("testing"; "sigs.k8s.io/controller-runtime/pkg/client/fake")`, true},
		{"helpers.go", `import ("testing"; clienttesting "k8s.io/client-go/testing")`, true},
		{"e2e.go", `import "testing"`, false},                             // may drive a live cluster
		{"dryrun.go", `import "k8s.io/client-go/kubernetes/fake"`, false}, // a product's offline client
		{"ctrl_test.go", `import "context"`, true},                        // a test file, whatever it imports
		{"ctrl.go", `import ("testing"; "example.com/fakery")`, false},    // not a fake's path
	}
	for _, c := range cases {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, c.name, "package p\n"+c.imports+"\nfunc F() {}\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := InTestCode(fset, []*ast.File{f}, f.Decls[len(f.Decls)-1].Pos()); got != c.want {
			t.Errorf("%s with %s: InTestCode = %v, want %v", c.name, c.imports, got, c.want)
		}
	}
}

// TestRunsFirst checks which bodies reach their call of write on every
// run: the call at the top or in an if's init, after statements that
// cannot leave; not after a return, a goto, a panic, a fatal log or a
// loop without a condition, nor inside a branch, a loop, a literal, a
// deferred or spawned call, or an operand && may skip.
func TestRunsFirst(t *testing.T) {
	for body, want := range map[string]bool{
		`x := 1; write(x)`: true,
		`for range xs { touch() }; if err := write(); err != nil { return err }`: true,
		`if x > 0 { touch() }; y := g(write())`:                                  true,
		`if x > 0 { return nil }; write()`:                                       false,
		`if x > 0 { write() }`:                                                   false,
		`for i := 0; i < 3; i++ { write() }`:                                     false,
		`for { touch() }; write()`:                                               false,
		`panic("no"); write()`:                                                   false,
		`log.Fatalf("no"); write()`:                                              false,
		`go write()`:                                                             false,
		`defer write()`:                                                          false,
		`f := func() { write() }; f()`:                                           false,
		`_ = ok && write() == nil`:                                               false,
		`_ = write() == nil && ok`:                                               true,
		`switch { case ok: write() }`:                                            false,
		`f := func() error { return nil }; _ = f; write()`:                       true,
	} {
		src := "package p\nfunc f() error {\n" + body + "\nreturn nil\n}\n"
		file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		fd := file.Decls[0].(*ast.FuncDecl)
		var call *ast.CallExpr
		ast.Inspect(fd, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && NameIdent(c.Fun) != nil && NameIdent(c.Fun).Name == "write" {
				call = c
			}
			return call == nil
		})
		if got := RunsFirst(fd.Body, call); got != want {
			t.Errorf("RunsFirst(%s) = %t, want %t", body, got, want)
		}
	}
}

func TestUsesGoto(t *testing.T) {
	const src = `package p

func none() { f := func() { goto end; end: }; f() }
func some(b bool) { if b { goto end }; println(); end: }
`
	file, err := parser.ParseFile(token.NewFileSet(), "g.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		decl := file.Decls[i].(*ast.FuncDecl)
		if got := UsesGoto(decl); got != want {
			t.Errorf("UsesGoto(%s) = %v, want %v (a literal's goto does not count)", decl.Name.Name, got, want)
		}
	}
}

func TestLeavesBefore(t *testing.T) {
	for body, want := range map[string]bool{
		`if del { write(); return nil }; later()`:                                    true,
		`if del { if ok { write() }; return nil }; later()`:                          true,
		`if del { write(); panic("x") }; later()`:                                    true,
		`if del { write() }; later()`:                                                false,
		`if del { write(); if ok { return nil } }; later()`:                          false,
		`write(); later()`:                                                           false,
		`for _, x := range xs { if x { write(); break }; return nil }; later()`:      false,
		`for _, x := range xs { write(); if x { continue }; return nil }; later()`:   false,
		`if err := write(); err != nil { return err }; later()`:                      false,
		`if del { write(); goto end }; later(); end:`:                                false,
		`if del { write(); return nil }; goto end; end: later()`:                     false,
		`for ok { if err := write(); err != nil { continue }; return nil }; later()`: false,
		`for ok { if del { continue }; write(); return nil }; later()`:               true,
		`switch { case del: write(); return nil }; later()`:                          true,
		`if del { f := func() { return }; write(); f() }; later()`:                   false,
	} {
		src := "package p\nfunc f() error {\n" + body + "\nreturn nil\n}\n"
		file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		fd := file.Decls[0].(*ast.FuncDecl)
		calls := map[string]*ast.CallExpr{}
		ast.Inspect(fd, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && NameIdent(c.Fun) != nil {
				calls[NameIdent(c.Fun).Name] = c
			}
			return true
		})
		if got := LeavesBefore(fd.Body, calls["write"], calls["later"]); got != want {
			t.Errorf("LeavesBefore(%s) = %t, want %t", body, got, want)
		}
	}
}
