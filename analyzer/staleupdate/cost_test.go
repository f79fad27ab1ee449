package staleupdate

import (
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	gochecker "golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// The cost gates read the analyzer's unexported result, so they live
// inside the package, where the suite (which imports it) is out of reach.

// newTestAnalyzer builds the analyzer with a model of default options.
func newTestAnalyzer() *analysis.Analyzer {
	return New(model.New(&upstream.Options{}), diag.NewDirectives(func() []string { return []string{"staleupdate"} }))
}

// TestCost checks that control flow is built only for candidate functions,
// in packages analyzed together (and so concurrently, which go test -race
// watches).
func TestCost(t *testing.T) {
	results := analysistest.Run(t, testdir.Path(t), newTestAnalyzer(), "staleupdate/crclient", "staleupdate/typed", "staleupdate/helpers")
	for _, r := range results {
		s, ok := r.Result.(*costStats)
		if !ok {
			t.Errorf("%s: no cost figures (the analysis did not run: %v)", r.Action.Package, r.Err)
			continue
		}
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
	stale := newTestAnalyzer()
	graph, err := gochecker.Analyze([]*analysis.Analyzer{stale}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var total costStats
	for act := range graph.All() {
		if act.Analyzer != stale || act.Err != nil {
			continue
		}
		s := act.Result.(*costStats)
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
