package listermutation_test

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestEveryFactTypeExportedWhereDueAndNowhereElse runs listermutation on
// testdata/src/facts/listermutation: a package that changes objects, one
// that reads a lister, and one that gets both facts through the others'.
// Each declares what gets a fact, its String pinned by a
// `// want Name:...` comment, beside a look-alike that must not get it:
// analysistest fails on any fact no comment wants. The test also fails
// when a fact type of the analyzer has no scenario.
func TestEveryFactTypeExportedWhereDueAndNowhereElse(t *testing.T) {
	a := newAnalyzer()
	results := analysistest.Run(t, testdir.Path(t), a, "facts/listermutation/...")
	seen := make(map[reflect.Type]bool)
	for _, r := range results {
		for _, facts := range r.Facts {
			for _, f := range facts {
				seen[reflect.TypeOf(f)] = true
			}
		}
	}
	for _, f := range a.FactTypes {
		if !seen[reflect.TypeOf(f)] {
			t.Errorf("no package of testdata/src/facts/listermutation gets a %T", f)
		}
	}
}
