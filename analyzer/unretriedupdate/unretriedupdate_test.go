package unretriedupdate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

func TestPropagate(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), unretriedupdate.Analyzer,
		"unretriedupdate/crclient",
		"unretriedupdate/clientgo",
		"unretriedupdate/oneshot",
		"unretriedupdate/shapes",
		"unretriedupdate/oldshapes",
		"unretriedupdate/unconditional",
		"unretriedupdate/loops",
		"unretriedupdate/fate",
		"unretriedupdate/surfacedpropagate",
		"crosspkg/controller",
		"nokube",
	)
}

func TestStrict(t *testing.T) {
	setFlag(t, "mode", "strict")
	analysistest.Run(t, testdir.Path(t), unretriedupdate.Analyzer, "unretriedupdate/strict", "unretriedupdate/surfaced")
}

func TestModeRejectsUnknown(t *testing.T) {
	err := unretriedupdate.Analyzer.Flags.Set("mode", "lenient")
	if err == nil || err.Error() != `unknown mode "lenient": want one of propagate, strict` {
		t.Fatalf("Set(mode, lenient) = %v", err)
	}
}

// setFlag sets an analyzer flag for the duration of the test.
func setFlag(t *testing.T, name, value string) {
	t.Helper()
	f := unretriedupdate.Analyzer.Flags.Lookup(name)
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

// TestWrapFix checks the fix that wraps read, mutations and write in
// retry.RetryOnConflict, and the shapes that must get no fix.
func TestWrapFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), unretriedupdate.Analyzer, "unretriedupdate/wrapfix")
}
