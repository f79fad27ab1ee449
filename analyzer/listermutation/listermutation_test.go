package listermutation_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// newAnalyzer builds the analyzer as the suite does.
func newAnalyzer() *analysis.Analyzer { return analyzer.Lookup(analyzer.Default(), "listermutation") }

// TestFixes checks the findings and that applying every fix gives the
// .golden files.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), newAnalyzer(), "listermutation/fixes", "listermutation/handlers", "listermutation/more", "listermutation/launcher")
}

// TestFacts checks the facts of a package whose functions change the
// objects they are given, analyzed together with packages that are
// quiet for listermutation (and so concurrently, which go test -race
// watches).
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), newAnalyzer(), "listermutation/helpers", "listermutation/jobs", "listermutation/jobsync", "listermutation/queued", "listermutation/quiet", "nokube")
}

// TestNoFix checks findings that must come without a fix, and the
// negatives: their package has no .golden file, so any fix would fail.
func TestNoFix(t *testing.T) {
	results := analysistest.Run(t, testdir.Path(t), newAnalyzer(), "listermutation/nofix", "listermutation/testfile", "listermutation/quiet")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%v: unexpected fix %q", r.Pass.Fset.Position(d.Pos), d.SuggestedFixes[0].Message)
			}
		}
	}
}
