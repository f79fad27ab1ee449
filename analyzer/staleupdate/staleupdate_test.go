package staleupdate_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/staleupdate"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// newAnalyzer builds the analyzer as the suite does.
func newAnalyzer() *analysis.Analyzer { return analyzer.Lookup(analyzer.Default(), "staleupdate") }

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), newAnalyzer(),
		"staleupdate/crclient", "staleupdate/typed", "staleupdate/dynamic", "nokube")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), newAnalyzer(),
		"staleupdate/crclient", "staleupdate/typed", "staleupdate/dynamic")
}

// TestCost checks that control flow is built only for candidate functions.
func TestCost(t *testing.T) {
	results := analysistest.Run(t, testdir.Path(t), newAnalyzer(), "staleupdate/crclient")
	for _, r := range results {
		s := r.Result.(*staleupdate.Stats)
		if s.CFGs > s.Writers || s.Candidates > s.Writers || s.Writers >= s.Funcs {
			t.Errorf("%s: %d graphs for %d functions with writes (%d candidates) among %d functions", r.Action.Package, s.CFGs, s.Writers, s.Candidates, s.Funcs)
		}
	}
}

// TestCostOnExample runs the analyzer on the real-module example and
// reports how many control-flow graphs it built for how many functions
// (go test -run CostOnExample -v ./analyzer/staleupdate/). It needs the
// example's modules (the module proxy or a filled cache), so -short skips it.
func TestCostOnExample(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real client-go and controller-runtime")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: filepath.Join(testdir.Path(t), "example"), Tests: false}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the example does not load")
	}
	stale := newAnalyzer()
	graph, err := checker.Analyze([]*analysis.Analyzer{stale}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var total staleupdate.Stats
	for act := range graph.All() {
		if act.Analyzer != stale || act.Err != nil {
			continue
		}
		s := act.Result.(*staleupdate.Stats)
		total.Funcs += s.Funcs
		total.Writers += s.Writers
		total.Candidates += s.Candidates
		total.CFGs += s.CFGs
	}
	t.Logf("testdata/example: %d control-flow graphs for %d functions with writes (%d staleupdate candidates) among %d functions seen", total.CFGs, total.Writers, total.Candidates, total.Funcs)
	if total.Funcs == 0 || total.CFGs > total.Writers || total.Writers >= total.Funcs {
		t.Errorf("cost out of proportion: %+v", total)
	}
}
