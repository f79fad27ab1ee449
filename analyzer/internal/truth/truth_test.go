package truth

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// The conditions of the tests read these declarations: a and b are flags
// known true and false, u is unknown; p is known non-nil, q is not known;
// t() holds, f() does not, g() is unknown; on is a constant.
const decls = `package p

var a, b, u bool
var p, q *int

func t() bool
func f() bool
func g() bool

const on = true

var _ = %s
`

// check type-checks cond among decls and returns it with its types.
func check(t *testing.T, cond string) (ast.Expr, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", sprintf(decls, cond), 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatalf("%s: %v", cond, err)
	}
	last := file.Decls[len(file.Decls)-1].(*ast.GenDecl)
	return last.Specs[0].(*ast.ValueSpec).Values[0], info
}

func sprintf(format, cond string) string {
	i := len(format) - len("%s\n")
	return format[:i] + cond + "\n"
}

// judge answers from the declarations' comment above.
func judge(l Leaf) Value {
	switch {
	case l.Var != nil:
		return map[string]Value{"a": True, "b": False}[l.Var.Name()]
	case l.NonNil != nil:
		return map[string]Value{"p": True}[types.ExprString(ast.Unparen(l.NonNil))]
	}
	return map[string]Value{"t()": True, "f()": False}[types.ExprString(l.Expr)]
}

func TestEval(t *testing.T) {
	tests := []struct {
		cond string
		want Value
	}{
		{"a", True},
		{"!a", False},
		{"u", Unknown},
		{"!u", Unknown},
		{"u && b", False}, // unknown && false
		{"b && u", False},
		{"u && a", Unknown},
		{"u || a", True}, // unknown || true
		{"a || u", True},
		{"u || b", Unknown},
		{"(a) && !(b)", True},
		{"p != nil", True},
		{"p == nil", False},
		{"nil != p", True},
		{"(nil) == (p)", False},
		{"q != nil", Unknown},
		{"q == nil || a", True},
		{"true", True},
		{"false", False},
		{"on && a", True},
		{"!on || u", Unknown},
		{"1 < 2", True},
		{"t() && !f()", True},
		{"g() || f()", Unknown},
		{"g() && f()", False},
		{"u && (g() || t())", Unknown},
		{"!(u && !(b || g()))", Unknown},
		{"!(b && u) && (p != nil || q == nil)", True},
	}
	for _, tt := range tests {
		cond, info := check(t, tt.cond)
		if got := Eval(info, cond, judge); got != tt.want {
			t.Errorf("Eval(%s) = %v, want %v", tt.cond, got, tt.want)
		}
	}
}

func TestAssume(t *testing.T) {
	tests := []struct {
		cond  string
		holds bool
		want  []string // the leaves learnt, with their value
	}{
		{"u", true, []string{"u=true"}},
		{"!u", true, []string{"u=false"}},
		{"u && q != nil", true, []string{"u=true", "q!=nil=true"}},
		{"u && q == nil", false, nil},                     // either may have failed
		{"a && q == nil", false, []string{"q!=nil=true"}}, // a is known true
		{"q == nil && a", false, []string{"q!=nil=true"}}, // the same, a second
		{"q == nil || g()", false, []string{"q!=nil=true", "g()=false"}},
		{"q == nil || g()", true, nil},
		{"b || g()", true, []string{"g()=true"}}, // b is known false
		{"!(q != nil || u)", true, []string{"q!=nil=false", "u=false"}},
		{"on && u", true, []string{"u=true"}},
		{"on && u", false, []string{"u=false"}}, // on is known true
		{"on", false, nil},                      // a constant tells nothing
		{"true", true, nil},
	}
	for _, tt := range tests {
		cond, info := check(t, tt.cond)
		var got []string
		Assume(info, cond, tt.holds, judge, func(l Leaf, holds bool) {
			name := types.ExprString(l.Expr)
			if l.NonNil != nil {
				name = types.ExprString(l.NonNil) + "!=nil"
			}
			got = append(got, name+"="+Of(holds).String())
		})
		if !slices.Equal(got, tt.want) {
			t.Errorf("Assume(%s, %v) learnt %q, want %q", tt.cond, tt.holds, got, tt.want)
		}
	}
}

func TestLeaves(t *testing.T) {
	cond, info := check(t, "a && (p != nil || !g()) && on && (u)")
	var got []string
	Leaves(info, cond, func(l Leaf) { got = append(got, types.ExprString(l.Expr)) })
	want := []string{"a", "p != nil", "g()", "u"}
	if !slices.Equal(got, want) {
		t.Errorf("Leaves = %q, want %q", got, want)
	}
}

// TestHoles checks the predeclared names where type information is
// missing, as in a function body that was never type-checked.
func TestHoles(t *testing.T) {
	cond, err := parser.ParseExpr("x != nil && !false")
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{}
	nonNil := func(l Leaf) Value {
		if l.NonNil != nil {
			return True
		}
		return Unknown
	}
	if got := Eval(info, cond, nonNil); got != True {
		t.Errorf("Eval without types = %v, want true", got)
	}
}

func TestKleene(t *testing.T) {
	all := []Value{Unknown, True, False}
	for _, x := range all {
		for _, y := range all {
			and, or := And(x, y), Or(x, y)
			if x.Known() && y.Known() && (and != Of(x == True && y == True) || or != Of(x == True || y == True)) {
				t.Errorf("%v and %v: && = %v, || = %v", x, y, and, or)
			}
			if or != And(x.Not(), y.Not()).Not() {
				t.Errorf("De Morgan fails for %v, %v", x, y)
			}
		}
	}
	if And(Unknown, False) != False || Or(Unknown, True) != True || And(Unknown, True) != Unknown || Or(Unknown, False) != Unknown {
		t.Error("unknown does not propagate as Kleene's logic says")
	}
	if !Unknown.Takes(true) || !Unknown.Takes(false) || !True.Takes(true) || True.Takes(false) || False.Takes(true) {
		t.Error("Takes: unknown takes both branches, a known value its own")
	}
}
