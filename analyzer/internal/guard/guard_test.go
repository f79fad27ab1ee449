package guard

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

type result struct{ failure error }

func (r *result) Failure() error { return r.failure }

// fakePass is a pass over one parsed file that records its diagnostics.
func fakePass(t *testing.T, reported *[]analysis.Diagnostic) (*analysis.Pass, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n\nfunc F() {}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	return &analysis.Pass{
		Fset:     fset,
		Files:    []*ast.File{f},
		ResultOf: map[*analysis.Analyzer]any{},
		Report:   func(d analysis.Diagnostic) { *reported = append(*reported, d) },
	}, f
}

func TestWrapTurnsPanicIntoDiagnosticAndFallback(t *testing.T) {
	var reported []analysis.Diagnostic
	pass, file := fakePass(t, &reported)
	decl := file.Decls[0]
	a := &analysis.Analyzer{
		Name:       "model",
		ResultType: reflect.TypeFor[*result](),
		Run: func(pass *analysis.Pass) (any, error) {
			defer Locate(pass.Fset, decl.Pos())
			var m map[string]int
			m["x"]++
			return nil, nil
		},
	}
	var observed *Panic
	Wrap(a, func(p *Panic) any { return &result{failure: p} }, func(p *Panic) { observed = p })
	res, err := a.Run(pass)
	if err != nil {
		t.Fatalf("Run returned error %v, want the panic as a diagnostic", err)
	}
	r, ok := res.(*result)
	if !ok || r.failure == nil {
		t.Fatalf("Run returned %#v, want the fallback result carrying the panic", res)
	}
	if len(reported) != 1 || reported[0].Category != Category || reported[0].Pos != file.Package {
		t.Fatalf("reported %+v, want one %q diagnostic on the package clause", reported, Category)
	}
	msg := reported[0].Message
	for _, want := range []string{"internal error: model panicked at p.go:3:1", "assignment to entry in nil map", "guard.TestWrapTurnsPanicIntoDiagnosticAndFallback"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not contain %q", msg, want)
		}
	}
	if observed == nil || len(observed.Stack) == 0 {
		t.Errorf("observe got %+v, want the panic with its stack", observed)
	}
}

func TestWrapZeroResultWithoutFallback(t *testing.T) {
	var reported []analysis.Diagnostic
	pass, _ := fakePass(t, &reported)
	a := &analysis.Analyzer{
		Name:       "check",
		ResultType: reflect.TypeFor[*result](),
		Run:        func(*analysis.Pass) (any, error) { panic("boom") },
	}
	Wrap(a, nil, nil)
	res, err := a.Run(pass)
	if err != nil || reflect.TypeOf(res) != a.ResultType || res.(*result) != nil {
		t.Fatalf("Run = %#v, %v; want a nil *result and no error", res, err)
	}
	if len(reported) != 1 || !strings.Contains(reported[0].Message, "check panicked: boom") {
		t.Fatalf("reported %+v, want the panic without a position", reported)
	}
}

func TestWrapReportsFailedPrerequisite(t *testing.T) {
	var reported []analysis.Diagnostic
	pass, _ := fakePass(t, &reported)
	model := &analysis.Analyzer{Name: "model"}
	ran := false
	check := &analysis.Analyzer{
		Name:     "check",
		Requires: []*analysis.Analyzer{model},
		Run:      func(*analysis.Pass) (any, error) { ran = true; return nil, nil },
	}
	Wrap(check, nil, nil)
	pass.ResultOf[model] = &result{failure: errors.New("internal error: model panicked: boom")}
	if _, err := check.Run(pass); err != nil || !ran {
		t.Fatalf("Run: ran %v, err %v; want it run without error", ran, err)
	}
	if len(reported) != 1 || reported[0].Message != "internal error: model panicked: boom" {
		t.Fatalf("reported %+v, want the prerequisite's failure", reported)
	}
}

func TestWrapPassesResultThrough(t *testing.T) {
	var reported []analysis.Diagnostic
	pass, _ := fakePass(t, &reported)
	want := &result{}
	a := &analysis.Analyzer{Name: "fine", Run: func(*analysis.Pass) (any, error) { return want, errors.New("an error of its own") }}
	Wrap(a, nil, nil)
	res, err := a.Run(pass)
	if res != want || err == nil || len(reported) != 0 {
		t.Fatalf("Run = %v, %v with %d reports; want the analyzer's own result and error, nothing reported", res, err, len(reported))
	}
}
