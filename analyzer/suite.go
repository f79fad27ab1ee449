package analyzer

import (
	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/ignoredirective"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/listermutation"
	"github.com/conflictlint/conflictlint/analyzer/retryreget"
	"github.com/conflictlint/conflictlint/analyzer/staleupdate"
	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
)

// Suite lists every conflictlint analyzer. The command, the golangci-lint
// plugin, the documentation checks and the tests all iterate it.
var Suite = []*analysis.Analyzer{
	unretriedupdate.Analyzer,
	staleupdate.Analyzer,
	retryreget.Analyzer,
	listermutation.Analyzer,
	ignoredirective.Analyzer,
}

// init gives every analyzer of the suite the reporting of unused
// //conflictlint:ignore directives, and makes the suite's names the known
// ones (see analyzer/internal/diag).
func init() {
	for _, a := range Suite {
		diag.Install(a)
	}
}
