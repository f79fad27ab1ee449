package ignoredirective_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

func TestMalformedDirectives(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), analyzer.Lookup(analyzer.Default(), "ignoredirective"), "ignoredirective/...")
}

func TestRepairFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), analyzer.Lookup(analyzer.Default(), "ignoredirective"), "ignoredirective/...")
}
