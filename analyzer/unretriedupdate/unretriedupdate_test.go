package unretriedupdate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// newAnalyzer builds the analyzer as the suite does.
func newAnalyzer() *analysis.Analyzer { return analyzer.Lookup(analyzer.Default(), "unretriedupdate") }

func TestPropagate(t *testing.T) {
	// Every case package under unretriedupdate/ is checked in the default
	// mode; strict mode has its own tree.
	analysistest.Run(t, testdir.Path(t), newAnalyzer(), "unretriedupdate/...", "crosspkg/controller", "valueflow/...", "nokube")
}

func TestStrict(t *testing.T) {
	a := newAnalyzer()
	if err := a.Flags.Set("mode", "strict"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdir.Path(t), a, "strict/unretriedupdate/...")
}

func TestModeRejectsUnknown(t *testing.T) {
	err := newAnalyzer().Flags.Set("mode", "lenient")
	if err == nil || err.Error() != `unknown mode "lenient": want one of propagate, strict` {
		t.Fatalf("Set(mode, lenient) = %v", err)
	}
}

// TestWrapFix checks the fix that wraps read, mutations and write in
// retry.RetryOnConflict, and the shapes that must get no fix.
func TestWrapFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), newAnalyzer(), "unretriedupdate/wrapfix", "unretriedupdate/returnfix", "unretriedupdate/paramfix", "unretriedupdate/createorupdate", "unretriedupdate/crclient")
}
