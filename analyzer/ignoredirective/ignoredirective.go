package ignoredirective

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
)

//go:embed doc.go
var docFile string

// New returns the analyzer that reports malformed //conflictlint:ignore
// directives, checking the names against the suite's (see
// diag.NewDirectives). It has the signature of every check of the suite;
// it needs no model.
func New(_, directives *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "ignoredirective",
		Doc:      docs.MustExtract(docFile, "ignoredirective"),
		URL:      "https://github.com/conflictlint/conflictlint#ignoredirective",
		Requires: []*analysis.Analyzer{directives},
		Run: diag.WithUnusedDirectives(func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[directives].(*diag.Directives))
		}),
	}
}

func run(pass *analysis.Pass, ds *diag.Directives) (any, error) {
	known := ds.Known()
	for _, d := range ds.All() {
		if msg := d.Problem(known); msg != "" {
			diag.Report(pass, d.Comment, msg, nil)
		}
	}
	return nil, nil
}
