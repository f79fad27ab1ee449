package analyzer_test

import (
	"go/ast"
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
)

// TestWithoutFactFreeImports: an import edge survives when it leads to a
// package with syntax, directly or through packages without.
func TestWithoutFactFreeImports(t *testing.T) {
	withSyntax := []*ast.File{{}}
	analyzed := &packages.Package{ID: "analyzed", Syntax: withSyntax}
	bridge := &packages.Package{ID: "bridge", Imports: map[string]*packages.Package{"analyzed": analyzed}}
	leaf := &packages.Package{ID: "leaf"}
	upstream := &packages.Package{ID: "upstream", Imports: map[string]*packages.Package{"leaf": leaf}}
	root := &packages.Package{ID: "root", Syntax: withSyntax, Imports: map[string]*packages.Package{
		"bridge": bridge, "upstream": upstream, "analyzed": analyzed,
	}}
	pruned := analyzer.WithoutFactFreeImports([]*packages.Package{root, analyzed})
	if got := slices.Sorted(maps.Keys(pruned[0].Imports)); !slices.Equal(got, []string{"analyzed", "bridge"}) {
		t.Errorf("root imports %v after pruning, want [analyzed bridge]", got)
	}
	if pruned[0].Imports["analyzed"] != pruned[1] || pruned[0].Imports["bridge"].Imports["analyzed"] != pruned[1] {
		t.Error("a package is copied more than once")
	}
	if len(root.Imports) != 3 || pruned[0].ID != "root" {
		t.Error("the original graph changed, or the copy lost a field")
	}
}
