package typeinfo_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
)

const src = `package p

func f(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func empty() {}
`

// check type-checks src, skipping function bodies when asked to.
func check(t *testing.T, src string, ignoreBodies bool) (*types.Info, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	conf := types.Config{IgnoreFuncBodies: ignoreBodies, Error: func(error) {}}
	conf.Check("p", fset, []*ast.File{f}, info)
	return info, []*ast.File{f}
}

func TestBodiesChecked(t *testing.T) {
	for _, tc := range []struct {
		name         string
		src          string
		ignoreBodies bool
		want         bool
	}{
		{"checked", src, false, true},
		{"bodies skipped", src, true, false},
		{"no identifier in a body", "package p\n\nfunc f() {}\n", true, true},
		{"first identifiers undefined", "package p\n\nfunc f() { undefined() }\n\nfunc g() int { return len(\"x\") }\n", false, true},
		{"only blank identifiers", "package p\n\nfunc f() { _ = 1 }\n", false, true},
		{"many bodies skipped", src + manyFuncs(20), true, false},
		{"many bodies checked", src + manyFuncs(20), false, true},
		{"every identifier of the first bodies undefined: given up", manyUndefined(8) + "\nfunc g() int { return len(\"x\") }\n", false, false},
	} {
		info, files := check(t, tc.src, tc.ignoreBodies)
		if got := typeinfo.BodiesChecked(info, files); got != tc.want {
			t.Errorf("%s: BodiesChecked = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// manyFuncs returns n more function declarations for src.
func manyFuncs(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "\nfunc g%d(x int) int { return x + %d }\n", i, i)
	}
	return b.String()
}

// manyUndefined returns a package whose first n bodies use only an
// undefined name.
func manyUndefined(n int) string {
	var b strings.Builder
	b.WriteString("package p\n")
	for i := range n {
		fmt.Fprintf(&b, "\nfunc u%d() { undefined() }\n", i)
	}
	return b.String()
}

func TestUnderOfMissing(t *testing.T) {
	info, files := check(t, src, true)
	var lit ast.Expr
	ast.Inspect(files[0], func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok {
			lit = r.X
		}
		return lit == nil
	})
	if got := typeinfo.UnderOf(info, lit); got != nil {
		t.Errorf("UnderOf an unchecked expression = %v, want nil", got)
	}
	if typeinfo.Under(nil) != nil {
		t.Error("Under(nil) is not nil")
	}
	named := types.NewNamed(types.NewTypeName(0, nil, "T", nil), types.Typ[types.Int], nil)
	if got := typeinfo.Under(types.NewAlias(types.NewTypeName(0, nil, "A", nil), named)); got != types.Typ[types.Int] {
		t.Errorf("Under of an alias of T = %v, want int", got)
	}
}
