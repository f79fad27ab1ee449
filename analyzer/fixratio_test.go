package analyzer_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// minFixedShare is the share of findings on the analyzers' own scenario
// packages that must come with a suggested fix: a ratchet at what the
// suite reaches (117 of 241, 48.5%, from 34% before issue 14; 120 of 251,
// 47.8%, once the value-flow scenarios found on Kubernetes itself came in,
// whose reported halves are mostly literals, workers and deferred
// functions that cannot return the error; 128 of 280, 45.7%, once
// staleupdate's proof-of-loss scenarios came in, whose reported halves
// are second writes after a log or a flag, where the re-read fix is not
// offered for an object the caller owns; 136 of 304, 44.7%, once
// staleupdate's scenarios of an earlier write in a callback and a later
// one in a deferred function came in, where a re-read would have to go
// into the literal or the helper, and is not offered; 142 of 327, 43.4%,
// once the hard negatives of the creationTimestamp, type-assertion,
// status-value, sentinel and poll rules came in: nine findings, most in
// functions without an error result whose object the caller owns, where
// no fix keeps the meaning; 142 of 333, 42.6%, once the hard negatives of
// the until-success loop, zerolog and dropped-status rules came in: six
// findings in loops over other work and in functions without an error
// result, whose object comes from the caller; 156 of 372, 41.9%, once the
// hard negatives of the fifteenth set's rules came in: a failure before a
// select that only waits for the stop, two Conflicts let go past a guard
// in a helper's caller, a deferred status write that only logs, and two
// stale writes in a status helper, where a re-read would go into the
// helper; 166 of 406, 40.9%, once the thirty-third set's rules came in: a
// restart with another object, one of a helper that does not read its
// object, and a log-only caller of a helper that writes in a literal
// called in place, all in functions without an error result whose object
// the caller owns). Issue 14's
// target is 60%; the gap is the shapes where no fix can be shown to keep
// the program's meaning, above all objects that are parameters or fields
// written without a change of the function's own, whose holders' changes a
// re-read would drop (see docs/fixes.md).
const minFixedShare = 0.40

// TestFixedShare runs every analyzer of the suite over its scenario
// packages (testdata/src/<name>/...) and counts the findings that carry a
// suggested fix. The analyzers' own tests check each finding and fix; this
// one keeps the share of fixable findings from sliding.
func TestFixedShare(t *testing.T) {
	var total, fixed int
	for _, a := range analyzer.Default() {
		var quiet silentT
		var n, withFix int
		for _, res := range analysistest.Run(&quiet, testdir.Path(t), a, a.Name+"/...") {
			for _, d := range res.Diagnostics {
				n++
				if len(d.SuggestedFixes) > 0 {
					withFix++
				}
			}
		}
		t.Logf("%-16s %3d findings, %3d with a fix (%s)", a.Name, n, withFix, percent(withFix, n))
		total += n
		fixed += withFix
	}
	t.Logf("%-16s %3d findings, %3d with a fix (%s)", "suite", total, fixed, percent(fixed, total))
	if total == 0 || float64(fixed) < minFixedShare*float64(total) {
		t.Errorf("%d of %d findings carry a suggested fix (%s), want at least %.0f%%", fixed, total, percent(fixed, total), 100*minFixedShare)
	}
}

func percent(n, of int) string {
	if of == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of))
}

// silentT takes the `// want` mismatches analysistest reports: the
// analyzers' own tests judge those.
type silentT struct{}

func (silentT) Errorf(string, ...any) {}
