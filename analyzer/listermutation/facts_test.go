package listermutation_test

import (
	"testing"

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
	testdir.EveryFactType(t, newAnalyzer(), "facts/listermutation/...")
}
