package consequence

import (
	"testing"
	"time"
)

func TestClauseRoundTrip(t *testing.T) {
	for _, e := range []Evidence{
		{Grade: Lost}, {Grade: UntilEvent}, {Grade: UntilResync}, {Grade: UntilResync, Period: 30 * time.Minute},
		{Grade: UntilResync, Period: 90 * time.Minute}, {Grade: Reported}, {Grade: Reported, ToClient: true}, {Grade: Unknown},
	} {
		msg := e.Append("conflict from r.Update of cm is only logged: return it")
		if got := Of(msg); got != e.Grade {
			t.Errorf("Of(%q) = %v, want %v", msg, got, e.Grade)
		}
		if got := Of(msg + "; no fix: cm comes from the caller"); got != e.Grade {
			t.Errorf("Of with a no-fix note after %v = %v", e.Grade, got)
		}
	}
	if got := Of("cache object changed in place; DeepCopy it"); got != None {
		t.Errorf("Of(ungraded) = %v, want None", got)
	}
}

func TestPeriodText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		30 * time.Minute: "lost until resync (30m)",
		90 * time.Minute: "lost until resync (1h30m)",
		10 * time.Hour:   "lost until resync (10h)",
		45 * time.Second: "lost until resync (45s)",
	} {
		if got := (Evidence{Grade: UntilResync, Period: d}).Clause(); got != want {
			t.Errorf("Clause(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestGate(t *testing.T) {
	var g Gate
	if err := g.Set("lost, unknown"); err != nil {
		t.Fatal(err)
	}
	for grade, want := range map[Grade]bool{Lost: true, Unknown: true, UntilEvent: false, UntilResync: false, Reported: false, None: true} {
		if got := g.Admits(grade); got != want {
			t.Errorf("Admits(%v) = %t, want %t", grade, got, want)
		}
	}
	if g.String() != "lost,unknown" {
		t.Errorf("String() = %q", g.String())
	}
	if err := g.Set("lost,forever"); err == nil || err.Error() != `unknown consequence "forever": want one of lost, until-event, until-resync, reported, requeued, unknown` {
		t.Errorf("Set(forever) = %v", err)
	}
	var empty Gate
	if !empty.Admits(UntilEvent) {
		t.Error("an empty gate must admit every grade")
	}
}

func TestSARIFLevel(t *testing.T) {
	for g, want := range map[Grade]string{Lost: "error", Unknown: "error", UntilResync: "warning", UntilEvent: "note", Reported: "note"} {
		if got := SARIFLevel(g); got != want {
			t.Errorf("SARIFLevel(%v) = %q, want %q", g, got, want)
		}
	}
}
