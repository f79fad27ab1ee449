package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestReleaseKeepsFindings runs the suite over the scenario packages
// through the checker, as the standalone driver does, twice: keeping every
// kube Result, and freeing each once its last consumer is done
// (FreeingModels). The
// findings must not change, and every Result must have been freed.
func TestReleaseKeepsFindings(t *testing.T) {
	pkgs := loadGOPATHScenarios(t, false, "unretriedupdate/...", "staleupdate/...", "retryreget/...", "crosspkg/...")
	kept, models := runSuite(t, false, pkgs)
	if models == 0 {
		t.Fatal("no package was modeled: the test loads nothing useful")
	}
	freed, unfreed := runSuite(t, true, pkgs)
	if unfreed != 0 {
		t.Errorf("%d of %d models were not freed", unfreed, models)
	}
	if !slices.Equal(kept, freed) {
		t.Errorf("freeing models changed the findings: %d kept, %d after freeing; lost %q, gained %q",
			len(kept), len(freed), missing(kept, freed), missing(freed, kept))
	}
	if len(kept) == 0 {
		t.Error("no findings: the comparison proves nothing")
	}
}

// runSuite returns the sorted findings and how many kube Results still
// hold a model afterwards.
func runSuite(t *testing.T, free bool, pkgs []*packages.Package) (findings []string, models int) {
	suite := analyzer.Default()
	if free {
		suite = analyzer.FreeingModels(suite)
	}
	// The model is a root too, so that the checker keeps its results.
	roots := append([]*analysis.Analyzer{modelOf(t, suite)}, suite...)
	graph, err := checker.Analyze(roots, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err)
		}
		for _, d := range act.Diagnostics {
			findings = append(findings, fmt.Sprintf("%s %s: %s", act.Analyzer.Name, act.Package.Fset.Position(d.Pos), d.Message))
		}
		if res, ok := act.Result.(*model.Result); ok && act.IsRoot && res.Files() != nil {
			models++
		}
	}
	slices.Sort(findings)
	return findings, models
}

// modelOf returns the model analyzer the suite's checks require.
func modelOf(t *testing.T, suite []*analysis.Analyzer) *analysis.Analyzer {
	for _, a := range suite {
		for _, req := range a.Requires {
			if req.ResultType == reflect.TypeFor[*model.Result]() {
				return req
			}
		}
	}
	t.Fatal("no analyzer of the suite requires the model")
	return nil
}

// missing returns the elements of want that got lacks.
func missing(want, got []string) []string {
	var out []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			out = append(out, w)
		}
	}
	return out
}

// loadGOPATHScenarios loads the scenario packages matching patterns from
// testdata's GOPATH, with their tests when tests is set.
func loadGOPATHScenarios(t *testing.T, tests bool, patterns ...string) []*packages.Package {
	t.Helper()
	gopath := testdir.Path(t)
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Tests: tests,
		Dir:   filepath.Join(gopath, "src"),
		Env:   append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}
