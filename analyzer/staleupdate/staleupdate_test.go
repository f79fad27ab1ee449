package staleupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/staleupdate"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdata(t), staleupdate.Analyzer,
		"staleupdate/crclient", "staleupdate/typed", "staleupdate/dynamic")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), staleupdate.Analyzer,
		"staleupdate/crclient", "staleupdate/typed", "staleupdate/dynamic")
}

// TestCost checks that control flow is built only for candidate functions.
func TestCost(t *testing.T) {
	results := analysistest.Run(t, testdata(t), staleupdate.Analyzer, "staleupdate/crclient")
	for _, r := range results {
		s := r.Result.(*staleupdate.Stats)
		if s.CFGs > s.Candidates || s.Candidates >= s.Funcs {
			t.Errorf("%s: built %d graphs for %d candidates among %d functions", r.Action.Package, s.CFGs, s.Candidates, s.Funcs)
		}
	}
}
