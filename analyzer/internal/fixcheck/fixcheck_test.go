package fixcheck_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixcheck"
)

// proposer suggests fixes of every kind the check must tell apart: one
// that leaves a local unused, one that compiles, one that imports a
// package the code does not reach (checked against its known signatures),
// and one that calls what that package does not declare.
func proposer() *analysis.Analyzer {
	a := &analysis.Analyzer{Name: "proposer", Doc: "suggests fixes for the fixcheck test"}
	a.Run = func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ExprStmt:
					if call, ok := n.X.(*ast.CallExpr); ok && isIdent(call.Fun, "use") {
						fix := analysis.SuggestedFix{Message: "drop", TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End()}}}
						pass.Report(analysis.Diagnostic{Pos: call.Pos(), Message: "drop this call", SuggestedFixes: []analysis.SuggestedFix{fix}})
					}
				case *ast.FuncDecl:
					reportRetry(pass, f, n)
				}
				return true
			})
		}
		return nil, nil
	}
	fixcheck.Wrap(a)
	return a
}

func reportRetry(pass *analysis.Pass, f *ast.File, fd *ast.FuncDecl) {
	call, msg := "", ""
	switch fd.Name.Name {
	case "retryKnown":
		call, msg = "RetryOnConflict(retry.DefaultRetry, func() error { return nil })", "retry this"
	case "retryUnknown":
		call, msg = "RetryForever(func() error { return nil })", "retry badly"
	default:
		return
	}
	ret := fd.Body.List[0].(*ast.ReturnStmt)
	edits := []analysis.TextEdit{
		{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport \"k8s.io/client-go/util/retry\"")},
		{Pos: ret.Results[0].Pos(), End: ret.Results[0].End(), NewText: []byte("retry." + call)},
	}
	pass.Report(analysis.Diagnostic{Pos: ret.Pos(), Message: msg, SuggestedFixes: []analysis.SuggestedFix{{Message: "retry", TextEdits: edits}}})
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func TestWithholdsFixesThatDoNotCompile(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), proposer(), "a")
}
