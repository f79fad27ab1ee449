package staleupdate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// newAnalyzer builds the analyzer as the suite does.
func newAnalyzer() *analysis.Analyzer { return analyzer.Lookup(analyzer.Default(), "staleupdate") }

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), newAnalyzer(), "staleupdate/...", "nokube")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), newAnalyzer(), "staleupdate/...")
}
