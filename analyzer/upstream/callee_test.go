package upstream_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

const calleeSrc = `package p

func g[T any](x T) T { return x }

type Box[T any] struct{ v T }

func (b *Box[T]) Get() T { return b.v }

type S struct{ run func() }

var hook func()

func f(s S, b *Box[int], xs []int) {
	g(1)           // g
	g[string]("x") // g instantiated
	b.Get()        // Box.Get
	s.run()        // var run
	hook()         // var hook
	_ = len(xs)    // builtin len
	_ = int(2)     // conversion
	func() {}()    // literal
	(panic)("x")   // builtin panic
}
`

// calls type-checks calleeSrc and returns its calls by their comment.
func calls(t *testing.T) (*types.Info, map[string]*ast.CallExpr) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", calleeSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	byComment := make(map[string]*ast.CallExpr)
	for _, cg := range f.Comments {
		line := fset.Position(cg.Pos()).Line
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && fset.Position(c.Pos()).Line == line && byComment[cg.Text()] == nil {
				byComment[cg.Text()] = c
			}
			return true
		})
	}
	return info, byComment
}

func TestCallee(t *testing.T) {
	info, byComment := calls(t)
	for comment, want := range map[string]string{
		"g\n":              "p.g",
		"g instantiated\n": "p.g",
		"Box.Get\n":        "(*p.Box[T]).Get",
		"var run\n":        "",
		"builtin len\n":    "",
		"conversion\n":     "",
		"literal\n":        "",
		"builtin panic\n":  "",
	} {
		got := ""
		if fn := upstream.Callee(info, byComment[comment]); fn != nil {
			got = fn.FullName()
		}
		if got != want {
			t.Errorf("Callee of the call marked %q = %q, want %q", comment, got, want)
		}
	}
	// Every instantiation names the one generic function.
	if upstream.Callee(info, byComment["g\n"]) != upstream.Callee(info, byComment["g instantiated\n"]) {
		t.Error("two instantiations of g resolve to two functions")
	}
}

func TestCalleeVar(t *testing.T) {
	info, byComment := calls(t)
	for comment, want := range map[string]string{"var run\n": "run", "var hook\n": "hook", "g\n": ""} {
		got := ""
		if v := upstream.CalleeVar(info, byComment[comment]); v != nil {
			got = v.Name()
		}
		if got != want {
			t.Errorf("CalleeVar of the call marked %q = %q, want %q", comment, got, want)
		}
	}
}

func TestCalledBuiltin(t *testing.T) {
	info, byComment := calls(t)
	for comment, want := range map[string]string{"builtin len\n": "len", "builtin panic\n": "panic", "g\n": "", "conversion\n": ""} {
		if got := upstream.CalledBuiltin(info, byComment[comment]); got != want {
			t.Errorf("CalledBuiltin of the call marked %q = %q, want %q", comment, got, want)
		}
	}
}

func TestIsCallToAndFuncValue(t *testing.T) {
	info, byComment := calls(t)
	g := upstream.FuncKey{Pkg: "p", Name: "g"}
	if !upstream.IsCallTo(info, byComment["g\n"], g) {
		t.Error("IsCallTo(g(1), p.g) = false")
	}
	if upstream.IsCallTo(info, byComment["Box.Get\n"], upstream.FuncKey{Pkg: "p", Name: "Get"}) {
		t.Error("IsCallTo matches a method by a function's key")
	}
	if upstream.IsCallTo(info, byComment["var hook\n"], upstream.FuncKey{Pkg: "p", Name: "hook"}) {
		t.Error("IsCallTo matches a call through a variable")
	}
	call := byComment["Box.Get\n"]
	if fn := upstream.FuncValue(info, call.Fun); fn == nil || fn != upstream.Callee(info, call) {
		t.Errorf("FuncValue(b.Get) = %v, want the callee of b.Get()", fn)
	}
}

func TestIsErrorInterface(t *testing.T) {
	const src = `package p

type StatusError interface {
	error
	Status() int
}

type Named interface{ Name() string }

type concrete struct{}

func (concrete) Error() string { return "" }

var (
	plain    error
	status   StatusError
	named    Named
	value    concrete
	pointer  *concrete
)
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Only an interface converts to a non-nil error exactly when it is
	// non-nil: a nil *concrete does not.
	for name, want := range map[string]bool{"plain": true, "status": true, "named": false, "value": false, "pointer": false} {
		if got := upstream.IsErrorInterface(pkg.Scope().Lookup(name).Type()); got != want {
			t.Errorf("IsErrorInterface(%s) = %v, want %v", name, got, want)
		}
	}
	if upstream.IsErrorInterface(nil) {
		t.Error("IsErrorInterface(nil) = true")
	}
}
