package testdir

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// EveryFactType runs a with analysistest on patterns, whose `// want
// Name:"..."` comments pin each fact exported and whose look-alikes must
// get none, and fails t when a fact type of a is exported by none of
// them: a new fact type cannot go without a scenario.
func EveryFactType(t *testing.T, a *analysis.Analyzer, patterns ...string) {
	t.Helper()
	seen := make(map[reflect.Type]bool)
	for _, r := range analysistest.Run(t, Path(t), a, patterns...) {
		for _, facts := range r.Facts {
			for _, f := range facts {
				seen[reflect.TypeOf(f)] = true
			}
		}
	}
	for _, f := range a.FactTypes {
		if !seen[reflect.TypeOf(f)] {
			t.Errorf("no package of %v gets a %T", patterns, f)
		}
	}
}
