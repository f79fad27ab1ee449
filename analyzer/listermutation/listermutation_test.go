package listermutation_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/listermutation"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestFixes checks the findings and that applying every fix gives the
// .golden files.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), listermutation.Analyzer, "listermutation/fixes")
}

// TestFacts checks the facts of a package whose functions change the
// objects they are given.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), listermutation.Analyzer, "listermutation/helpers")
}
