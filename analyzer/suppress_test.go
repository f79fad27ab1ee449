package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestSuppression runs an analyzer of the suite over directives on and
// above findings, without a reason, naming other analyzers, and unused;
// the fixes remove unused directives.
func TestSuppression(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), analyzer.Lookup(analyzer.Default(), "unretriedupdate"), "suppress/unretried", "nokube")
}

// TestSuiteHonoursDirectives makes sure every analyzer of the suite,
// including the ones added later, requires the directives analyzer, so that
// its findings can be suppressed and its unused directives reported.
func TestSuiteHonoursDirectives(t *testing.T) {
	for _, a := range analyzer.Default() {
		found := false
		for _, req := range a.Requires {
			found = found || req.Name == "directives"
		}
		if !found {
			t.Errorf("analyzer %s does not require the directives analyzer (analyzer/internal/diag.NewDirectives)", a.Name)
		}
	}
}
