package retryreget_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// newAnalyzer builds the analyzer as the suite does.
func newAnalyzer() *analysis.Analyzer { return analyzer.Lookup(analyzer.Default(), "retryreget") }

// TestFixes checks the findings and that applying every fix gives the
// .golden files.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), newAnalyzer(), "retryreget/...")
}

// TestNoFix checks findings that must come without a fix: their package has
// no .golden file, so any fix would fail the comparison.
func TestNoFix(t *testing.T) {
	results := analysistest.Run(t, testdir.Path(t), newAnalyzer(), "retryreget/nofix", "retryreget/versionless", "nokube")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%v: unexpected fix %q", r.Pass.Fset.Position(d.Pos), d.SuggestedFixes[0].Message)
			}
		}
	}
}
