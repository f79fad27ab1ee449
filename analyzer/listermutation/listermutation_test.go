package listermutation_test

import (
	"slices"
	"strings"
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
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), newAnalyzer(), "listermutation/fixes", "listermutation/handlers", "listermutation/predicates", "listermutation/more", "listermutation/launcher")
}

// TestFacts checks the facts of a package whose functions change the
// objects they are given, analyzed together with packages that are
// quiet for listermutation (and so concurrently, which go test -race
// watches).
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), newAnalyzer(), "listermutation/handed/...", "listermutation/helpers", "listermutation/jobs", "listermutation/jobsync", "listermutation/queued", "listermutation/quiet", "listermutation/flagged/...", "nokube")
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

// TestChangeSite checks that a change made by a helper of the package is
// pointed at where the helper makes it: four calls down (an element of a
// spec slice rewritten in place), and in the called function itself.
func TestChangeSite(t *testing.T) {
	results := analysistest.Run(t, testdir.Path(t), newAnalyzer(), "listermutation/chain")
	want := map[string]string{
		"c.sync":  "the change, in pinImages: assigning to spec.Containers[i].Image",
		"relabel": `the change, in relabel: assigning to pod.Labels["seen"]`,
	}
	found := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			call, _, _ := strings.Cut(d.Message, " changes ")
			w, ok := want[call]
			if !ok {
				continue
			}
			found++
			var got []string
			for _, rel := range d.Related {
				got = append(got, rel.Message)
			}
			if !slices.Contains(got, w) {
				t.Errorf("%s: related %q, want one %q", call, got, w)
			}
		}
	}
	if found != len(want) {
		t.Errorf("%d findings checked, want %d", found, len(want))
	}
}
