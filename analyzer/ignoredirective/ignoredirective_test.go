package ignoredirective_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	// The suite installs its analyzers, which makes their names known.
	_ "github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/ignoredirective"
)

func TestMalformedDirectives(t *testing.T) {
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, ignoredirective.Analyzer, "suppress/malformed")
}
