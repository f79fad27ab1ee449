package model_test

import (
	"testing"

	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestEveryFactTypeExportedWhereDueAndNowhereElse runs the model on
// testdata/src/facts/kube: one package per fact type (two for the facts
// that a package the model does not walk exports too, and one that gets
// its fact through another package's). Each declares what gets the fact,
// its String pinned by a `// want Name:...` comment, beside a look-alike
// that must not get it: analysistest fails on any fact no comment wants.
// The test also fails when a fact type of the model has no scenario, so a
// new fact cannot go untested.
func TestEveryFactTypeExportedWhereDueAndNowhereElse(t *testing.T) {
	testdir.EveryFactType(t, modelAnalyzer, "facts/kube/...")
}
