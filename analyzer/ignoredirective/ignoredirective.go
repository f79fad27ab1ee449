package ignoredirective

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
)

//go:embed doc.go
var docFile string

// Analyzer reports malformed //conflictlint:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name: "ignoredirective",
	Doc:  docs.MustExtract(docFile, "ignoredirective"),
	URL:  "https://github.com/conflictlint/conflictlint#ignoredirective",
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	known := diag.Known()
	for _, d := range diag.DirectivesOf(pass.Files) {
		if msg := d.Problem(known); msg != "" {
			diag.Report(pass, d.Comment, msg, nil)
		}
	}
	return nil, nil
}
