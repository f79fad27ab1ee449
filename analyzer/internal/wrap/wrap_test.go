package wrap_test

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/internal/wrap"
)

// result is the helper's result; a failed one says why.
type result struct{ failure error }

func (r *result) Failure() error { return r.failure }

// newPair builds a helper and a check requiring it, wrapped as the suite
// wraps its model and its checks. The helper panics on package w, the
// check on package p; elsewhere the check suggests dropping each call of
// use, a fix that does not compile where it leaves a variable unused.
func newPair() (helper, check *analysis.Analyzer) {
	helper = &analysis.Analyzer{
		Name:       "helper",
		Doc:        "a result-only analyzer for the wrap test",
		ResultType: reflect.TypeFor[*result](),
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "w" {
				panic("the helper fails here")
			}
			return &result{}, nil
		},
	}
	check = &analysis.Analyzer{
		Name:     "check",
		Doc:      "a reporting analyzer for the wrap test",
		Requires: []*analysis.Analyzer{helper},
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "p" {
				panic("the check fails here")
			}
			proposeDrops(pass)
			return nil, nil
		},
	}
	wrap.Helper(helper, func(err error) *result { return &result{failure: err} }, wrap.Options{})
	return helper, wrap.Check(check, wrap.Options{})
}

// proposeDrops reports every statement calling use, with a fix that
// deletes the call.
func proposeDrops(pass *analysis.Pass) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			stmt, ok := n.(*ast.ExprStmt)
			if !ok {
				return true
			}
			if call, ok := stmt.X.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
					fix := analysis.SuggestedFix{Message: "drop", TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End()}}}
					pass.Report(analysis.Diagnostic{Pos: call.Pos(), Message: "drop this call", SuggestedFixes: []analysis.SuggestedFix{fix}})
				}
			}
			return true
		})
	}
}

// TestCheckAndHelper: a check's fix that does not compile is withheld
// with the reason in the message; a helper's panic is reported by the
// check that requires it, which goes on; the check's own panic becomes a
// diagnostic on its package.
func TestCheckAndHelper(t *testing.T) {
	_, check := newPair()
	analysistest.Run(t, analysistest.TestData(), check, "w", "p")
}

// TestCheckReadsFilesWithoutDriverReader: a check whose driver gives its
// pass no ReadFile (nogo) reads the files all the same, and the pass is
// left as the driver made it.
func TestCheckReadsFilesWithoutDriverReader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.go")
	if err := os.WriteFile(path, []byte("package f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var read string
	check := wrap.Check(&analysis.Analyzer{
		Name: "reader",
		Doc:  "reads a file",
		Run: func(pass *analysis.Pass) (any, error) {
			src, err := pass.ReadFile(path)
			read = string(src)
			return nil, err
		},
	}, wrap.Options{})
	pass := &analysis.Pass{Analyzer: check, Fset: token.NewFileSet(), ResultOf: map[*analysis.Analyzer]any{}, Report: func(analysis.Diagnostic) {}}
	if _, err := check.Run(pass); err != nil || read != "package f\n" {
		t.Fatalf("Run read %q, error %v; want the file's text", read, err)
	}
	if pass.ReadFile != nil {
		t.Error("the pass keeps the reader the wrapper gave it")
	}
}
