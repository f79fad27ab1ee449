// Package truth evaluates Go conditions in three-valued (Kleene) logic, for
// every check that asks what a branch means on a path: the fate of a
// write's failure (is this test true when the write failed with a
// Conflict?), staleupdate (what does this branch tell of how the first
// write ended, which flag does it set?) and listermutation (which
// variables are non-nil where an if's body is skipped?).
//
// What is the same for all of them lives here, once: parentheses, !, &&
// and ||, boolean constants, boolean variables tested alone and
// comparisons with nil are taken apart by Eval and Assume; each check
// gives only its judge of the leaves that remain (Leaf), so the questions
// differ while the logic that combines the answers does not. A value is
// True, False or Unknown (both branches can be taken); Unknown && False is
// False and Unknown || True is True.
package truth

// Value is a condition's value on a path: known true, known false, or
// unknown (both branches are taken).
type Value int8

const (
	Unknown Value = iota
	True
	False
)

// Of returns the known value b.
func Of(b bool) Value {
	if b {
		return True
	}
	return False
}

// Known reports whether v is True or False.
func (v Value) Known() bool { return v != Unknown }

// Not is !v: unknown stays unknown.
func (v Value) Not() Value {
	switch v {
	case True:
		return False
	case False:
		return True
	}
	return Unknown
}

// And is x && y: false when either is, true when both are.
func And(x, y Value) Value {
	switch {
	case x == False || y == False:
		return False
	case x == True && y == True:
		return True
	}
	return Unknown
}

// Or is x || y: true when either is, false when both are.
func Or(x, y Value) Value { return And(x.Not(), y.Not()).Not() }

// Takes reports whether a two-way branch on a condition of value v goes
// to the successor where the condition is holds: an unknown condition
// takes both.
func (v Value) Takes(holds bool) bool { return v == Unknown || v == Of(holds) }

func (v Value) String() string {
	switch v {
	case True:
		return "true"
	case False:
		return "false"
	}
	return "unknown"
}
