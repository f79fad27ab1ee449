package staleupdate

import (
	"testing"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
)

// TestRefine checks what a branch teaches a path about the first write.
func TestRefine(t *testing.T) {
	tests := []struct {
		cur, implied, want outcome
		ok                 bool
	}{
		{unknown, failed, failed, true},
		{failed, notConflict, otherFailure, true}, // err != nil, then !IsConflict(err)
		{notConflict, failed, otherFailure, true},
		{notConflict, succeeded, succeeded, true},
		{succeeded, notConflict, succeeded, true},
		{failed, otherFailure, otherFailure, true},
		{succeeded, failed, succeeded, false},
		{succeeded, otherFailure, succeeded, false},
		{otherFailure, succeeded, otherFailure, false},
		{failed, unknown, failed, true},
	}
	for _, tt := range tests {
		got, ok := refine(tt.cur, tt.implied)
		if got != tt.want || ok != tt.ok {
			t.Errorf("refine(%d, %d) = %d, %v; want %d, %v", tt.cur, tt.implied, got, ok, tt.want, tt.ok)
		}
	}
}

// TestEndings checks that every outcome is the set of endings it allows,
// and what a leaf is in each ending.
func TestEndings(t *testing.T) {
	for _, o := range []outcome{unknown, failed, succeeded, otherFailure, notConflict} {
		if got := endingsOf(o).outcome(); got != o {
			t.Errorf("endingsOf(%d).outcome() = %d", o, got)
		}
	}
	if conflicted.outcome() != failed || (conflicted|wrote).outcome() != unknown || ending(0).outcome() != unknown {
		t.Error("a Conflict alone is a failure; a Conflict or a success, or nothing, is unknown")
	}
	// err != nil: true after a failure, false after a success
	for end, want := range map[ending]truth.Value{conflicted: truth.True, wrote: truth.False, failedOther: truth.True} {
		if got := end.value(failed, succeeded); got != want {
			t.Errorf("err != nil when the write ended as %d: %v, want %v", end, got, want)
		}
	}
	// IsConflict(err): its true branch is counted a failure of any kind
	for end, want := range map[ending]truth.Value{conflicted: truth.True, wrote: truth.False, failedOther: truth.Unknown} {
		if got := end.value(failed, notConflict); got != want {
			t.Errorf("IsConflict(err) when the write ended as %d: %v, want %v", end, got, want)
		}
	}
}

// TestStale checks which outcomes can leave the object stale.
func TestStale(t *testing.T) {
	if stale(otherFailure, false) || stale(notConflict, true) || stale(succeeded, true) {
		t.Error("a failure that is no Conflict, or an in-place refresh, left the object stale")
	}
	if !stale(notConflict, false) || !stale(failed, true) || !stale(unknown, true) {
		t.Error("a typed success, or a possible Conflict, did not leave the object stale")
	}
}
