package analyzer

import "testing"

func TestConsequenceAccessors(t *testing.T) {
	for _, tc := range []struct {
		msg, grade, level, rest string
	}{
		{"conflict from c.Update of cm is dropped: return it; lost for good", "lost", "error", "conflict from c.Update of cm is dropped: return it"},
		{"x is only logged; lost until the next event", "until-event", "note", "x is only logged"},
		{"x is only logged; no fix: why; lost until resync (1h30m)", "until-resync", "warning", "x is only logged; no fix: why"},
		{"x is only logged; lost until resync", "until-resync", "warning", "x is only logged"},
		{"x is passed to log.Fatalf, which exits; reported by exit status", "reported", "note", "x is passed to log.Fatalf, which exits"},
		{"x may be lost; fate unknown", "unknown", "error", "x may be lost"},
		{"assigning to cm.Data changes cm; DeepCopy cm before changing it", "", "", "assigning to cm.Data changes cm; DeepCopy cm before changing it"},
		{"x; lost until resync soon", "", "", "x; lost until resync soon"},
	} {
		if got := Consequence(tc.msg); got != tc.grade {
			t.Errorf("Consequence(%q) = %q, want %q", tc.msg, got, tc.grade)
		}
		if got := ConsequenceLevel(tc.grade); got != tc.level {
			t.Errorf("ConsequenceLevel(%q) = %q, want %q", tc.grade, got, tc.level)
		}
		rest, clause := SplitConsequence(tc.msg)
		if rest != tc.rest || rest+clause != tc.msg {
			t.Errorf("SplitConsequence(%q) = %q, %q; want %q and the clause", tc.msg, rest, clause, tc.rest)
		}
	}
}
