package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestSuppression runs an analyzer of the suite (installed by the analyzer
// package) over directives on and above findings, without a reason, naming
// other analyzers, and unused; the fixes remove unused directives.
func TestSuppression(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), unretriedupdate.Analyzer, "suppress/unretried")
}

// TestSuiteInstalled makes sure every analyzer of the suite, including the
// ones added later, reports its unused directives.
func TestSuiteInstalled(t *testing.T) {
	for _, a := range analyzer.Suite {
		if !diag.Installed(a) {
			t.Errorf("analyzer %s is not installed for suppression (analyzer/internal/diag.Install)", a.Name)
		}
	}
}
