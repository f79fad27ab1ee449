// Package consequence names how long a lost Conflict leaves the cluster
// wrong, the grades of ../shared/TRIAGE.md: lost (nothing redoes the write,
// nobody is told), until-event (the controller's watch of the object runs
// it again on the change that caused the Conflict), until-resync (only a
// periodic pass redoes it), reported (a person learns of it: a non-zero
// exit, a failed test, an answer to an HTTP client), requeued (a stale
// write's certain Conflict is returned to a loop that reads again and
// retries: the mildest) and unknown (strict mode: the failure's fate itself
// is unknown).
//
// A finding carries its grade as a clause at the end of its message, so that
// every channel (go vet's text and JSON, the standalone driver, SARIF,
// GitHub annotations, golangci-lint) sees the same thing; Of reads it back.
package consequence

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Grade is how long a lost Conflict leaves the cluster wrong.
type Grade int

const (
	None        Grade = iota // not graded (another analyzer's finding)
	Lost                     // nothing redoes the write and nobody is told
	UntilEvent               // the object's own watch redoes it
	UntilResync              // a periodic pass redoes it
	Reported                 // a person is told, nothing retries
	Unknown                  // the failure's fate is unknown (strict mode)
	Requeued                 // a stale write's certain Conflict is returned to a loop that re-reads and retries
)

var names = [...]string{Lost: "lost", UntilEvent: "until-event", UntilResync: "until-resync", Reported: "reported", Requeued: "requeued", Unknown: "unknown"}

// All lists the grades, from the worst to the mildest, unknown last.
var All = []Grade{Lost, UntilEvent, UntilResync, Reported, Requeued, Unknown}

func (g Grade) String() string {
	if g <= None || int(g) >= len(names) {
		return ""
	}
	return names[g]
}

// Parse returns the grade named s.
func Parse(s string) (Grade, error) {
	for _, g := range All {
		if g.String() == s {
			return g, nil
		}
	}
	return None, fmt.Errorf("unknown consequence %q: want one of %s", s, strings.Join(Names(), ", "))
}

// Names returns the grades' names.
func Names() []string {
	out := make([]string, len(All))
	for i, g := range All {
		out[i] = g.String()
	}
	return out
}

// Evidence is a grade with what it rests on.
type Evidence struct {
	Grade  Grade
	Period time.Duration // for UntilResync, when the period is a constant
	// ToClient marks a Reported failure that is sent back to an HTTP
	// request's client rather than ending the program.
	ToClient bool
}

// Harsher returns the harsher of worst (nil: none yet) and e, both
// until-event or until-resync: a resync is harsher than an event, a longer
// or unknown period than a shorter one.
func Harsher(worst *Evidence, e Evidence) *Evidence {
	switch {
	case worst == nil || worst.Grade == UntilEvent:
		return &e
	case e.Grade == UntilResync && (e.Period == 0 || worst.Period != 0 && e.Period > worst.Period):
		return &e
	}
	return worst
}

// Clause is the text a finding's message ends with.
func (e Evidence) Clause() string {
	switch e.Grade {
	case Lost:
		return "lost for good"
	case UntilEvent:
		return "lost until the next event"
	case UntilResync:
		if e.Period > 0 {
			return fmt.Sprintf("lost until resync (%s)", shortDuration(e.Period))
		}
		return "lost until resync"
	case Reported:
		if e.ToClient {
			return clientClause
		}
		return "reported by exit status"
	case Requeued:
		return "redone when requeued"
	case Unknown:
		return "fate unknown"
	}
	return ""
}

// clientClause ends the message of a failure answered to an HTTP client.
const clientClause = "reported to the client"

// Append returns msg with e's clause as its last.
func (e Evidence) Append(msg string) string {
	if c := e.Clause(); c != "" {
		return msg + "; " + c
	}
	return msg
}

// Of returns the grade a finding's message carries, or None: the clause
// comes last, or before a note the fix check adds (why no fix is offered).
func Of(msg string) Grade {
	clauses := strings.Split(msg, "; ")
	for i := len(clauses) - 1; i > 0; i-- {
		for _, g := range All {
			c := Evidence{Grade: g}.Clause()
			if clauses[i] == c || g == Reported && clauses[i] == clientClause || g == UntilResync && strings.HasPrefix(clauses[i], c+" (") && strings.HasSuffix(clauses[i], ")") {
				return g
			}
		}
	}
	return None
}

// SARIFLevel is the SARIF result level of a finding of grade g: error for
// what lasts, warning for what a resync heals, note for what the next
// event heals or a person sees.
func SARIFLevel(g Grade) string {
	switch g {
	case UntilResync:
		return "warning"
	case UntilEvent, Reported, Requeued:
		return "note"
	}
	return "error"
}

// shortDuration prints d without zero units: 30m, 1h30m, 45s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Gate lists the grades to report; empty reports all. As a flag.Value it
// reads a comma-separated list.
type Gate []Grade

func (g *Gate) String() string {
	out := make([]string, len(*g))
	for i, x := range *g {
		out[i] = x.String()
	}
	return strings.Join(out, ",")
}

// Set parses a comma-separated list of grades.
func (g *Gate) Set(s string) error {
	*g = nil
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		grade, err := Parse(name)
		if err != nil {
			return err
		}
		*g = append(*g, grade)
	}
	return nil
}

// Admits reports whether a finding of grade x passes the gate: every
// finding when the gate is empty, and findings without a grade always.
func (g Gate) Admits(x Grade) bool {
	return len(g) == 0 || x == None || slices.Contains(g, x)
}

// Split returns msg without its consequence clause, and the clause with
// its "; " separator: ("conflict ... is dropped", "; lost for good"). A message without a grade is returned whole, with "".
func Split(msg string) (rest, clause string) {
	if Of(msg) == None {
		return msg, ""
	}
	i := strings.LastIndex(msg, "; ")
	return msg[:i], msg[i:]
}
