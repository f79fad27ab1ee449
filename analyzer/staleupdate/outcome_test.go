package staleupdate

import "testing"

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

// TestEither checks what one of two facts gives.
func TestEither(t *testing.T) {
	tests := []struct{ x, y, want outcome }{
		{failed, otherFailure, failed},
		{succeeded, otherFailure, notConflict},
		{succeeded, failed, unknown},
		{notConflict, succeeded, notConflict},
		{failed, notConflict, unknown},
	}
	for _, tt := range tests {
		if got := either(tt.x, tt.y); got != tt.want {
			t.Errorf("either(%d, %d) = %d; want %d", tt.x, tt.y, got, tt.want)
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
