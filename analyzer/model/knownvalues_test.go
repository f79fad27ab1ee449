package model

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
	"time"
)

// TestKnownValues: a duration variable holds one value for the run when
// it is set once from constants, conversions and such variables, or bound
// to a flag (at its default); a second assignment, a write through a
// pointer or a declaration outside the files looked at leaves it unknown.
func TestKnownValues(t *testing.T) {
	const src = `package p

import (
	"flag"
	"os"
	"time"
)

var pkgHours int

func periods() {
	var hours int
	flag.IntVar(&hours, "hours", 3, "")
	fromHours := time.Duration(hours) * time.Hour
	minutes := flag.Int64("minutes", 5, "")
	fromMinutes := time.Duration(*minutes) * time.Minute
	seconds := flag.Duration("seconds", 7*time.Second, "")
	zero := flag.Duration("zero", 0, "")
	var reset int
	flag.IntVar(&reset, "reset", 2, "")
	if os.Getenv("X") != "" {
		reset = 1
	}
	fromReset := time.Duration(reset) * time.Hour
	written := flag.Duration("written", time.Minute, "")
	*written = time.Second
	flag.IntVar(&pkgHours, "pkg", 4, "")
	fromPkg := time.Duration(pkgHours) * time.Hour
	sum := fromHours + 2*time.Minute
	_, _, _, _, _, _, _ = fromMinutes, seconds, zero, fromReset, written, fromPkg, sum
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var decl *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decl = fd
		}
	}
	// One function's declaration, as resyncSetUpBy looks at it: pkgHours
	// is declared outside it, and any function may set it.
	h := healing{periodFiles: []*ast.File{{Decls: []ast.Decl{decl}}}}
	local := map[string]*types.Var{}
	for id, obj := range info.Defs {
		if v, ok := obj.(*types.Var); ok && decl.Pos() <= id.Pos() && id.Pos() < decl.End() {
			local[id.Name] = v
		}
	}
	for name, want := range map[string]time.Duration{
		"fromHours":   3 * time.Hour,
		"fromMinutes": 5 * time.Minute,
		"seconds":     7 * time.Second, // a pointer: what it points to
		"zero":        0,               // a flag's default of 0: no period
		"fromReset":   0,               // reset is set twice
		"written":     0,               // written through
		"fromPkg":     0,               // pkgHours is not declared here
		"sum":         3*time.Hour + 2*time.Minute,
	} {
		v := local[name]
		if v == nil {
			t.Fatalf("no variable %s", name)
		}
		if got := h.periodOf(info, v); got != want {
			t.Errorf("period of %s = %v, want %v", name, got, want)
		}
	}
}

// TestFlagFunc: the flag functions whose defaults count, in the standard
// library and in spf13/pflag (whose P forms take a shorthand first).
func TestFlagFunc(t *testing.T) {
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	for _, c := range []struct {
		path, name, kind string
		bound            bool
	}{
		{"flag", "IntVar", "Int", true},
		{"flag", "Duration", "Duration", false},
		{"github.com/spf13/pflag", "DurationVarP", "Duration", true},
		{"github.com/spf13/pflag", "Int64P", "Int64", false},
		{"flag", "StringVar", "", false},
		{"example.com/flag", "IntVar", "", false},
	} {
		fn := types.NewFunc(token.NoPos, types.NewPackage(c.path, "flag"), c.name, sig)
		kind, bound := flagFunc(fn)
		if kind != c.kind || kind != "" && bound != c.bound {
			t.Errorf("flagFunc(%s.%s) = %q, %v; want %q, %v", c.path, c.name, kind, bound, c.kind, c.bound)
		}
	}
}
