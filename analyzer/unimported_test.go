package analyzer_test

import (
	"fmt"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
)

// TestUnimportedKeepsFindings runs the suite over the scenario packages
// and their tests as the standalone driver does, once computing every
// unit's facts and once leaving out the facts of the units nothing
// imports and the test mains (analyzer.UnimportedUnits,
// analyzer.WithoutTestMains). The findings must not change, and the
// second run must have left some facts out, or the comparison proves
// nothing.
func TestUnimportedKeepsFindings(t *testing.T) {
	pkgs := loadGOPATHScenarios(t, true, "unretriedupdate/...", "staleupdate/...", "retryreget/...", "listermutation/...", "crosspkg/...")
	all, allFacts := suiteFindings(t, pkgs, false)
	some, someFacts := suiteFindings(t, pkgs, true)
	if len(all) == 0 {
		t.Fatal("no findings: the comparison proves nothing")
	}
	if !slices.Equal(all, some) {
		t.Errorf("leaving out unread facts changed the findings: lost %q, gained %q", missing(all, some), missing(some, all))
	}
	if someFacts >= allFacts {
		t.Errorf("the units nothing imports exported %d facts, as many as with every unit's (%d): nothing was left out", someFacts, allFacts)
	}
	t.Logf("%d findings; facts exported: %d, %d without the unread ones", len(all), allFacts, someFacts)
}

// suiteFindings returns the suite's sorted findings over pkgs and how
// many object facts the units exported of their own objects; unread
// leaves out the facts no unit imports, and the test mains.
func suiteFindings(t *testing.T, pkgs []*packages.Package, unread bool) (findings []string, facts int) {
	var config analyzer.Config
	config.Model.CoveredVariant = analyzer.CoveredTestVariants(pkgs)
	units := pkgs
	if unread {
		config.Model.Unimported = analyzer.UnimportedUnits(pkgs)
		units = analyzer.WithoutTestMains(pkgs)
	}
	graph, err := checker.Analyze(config.Analyzers(), units, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[analysis.Fact]bool{}
	for act := range graph.All() {
		if act.Err != nil {
			t.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err)
		}
		for _, d := range act.Diagnostics {
			f := fmt.Sprintf("%s %s: %s", act.Analyzer.Name, act.Package.Fset.Position(d.Pos), d.Message)
			if !slices.Contains(findings, f) {
				findings = append(findings, f)
			}
		}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types && !seen[f.Fact] {
				seen[f.Fact] = true
				facts++
			}
		}
	}
	slices.Sort(findings)
	return findings, facts
}
