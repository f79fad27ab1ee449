package ignoredirective_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	// The suite installs its analyzers, which makes their names known.
	_ "github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/ignoredirective"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

func TestMalformedDirectives(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), ignoredirective.Analyzer, "ignoredirective/malformed")
}
