package fate

import (
	"regexp/syntax"
	"strings"
)

// The message an API server gives a Conflict, as text with two open parts:
//
//	Operation cannot be fulfilled on <resource> "<name>": the object has
//	been modified; please apply your changes to the latest version and try
//	again
//
// The resource is a lower-case plural with an optional group, the name an
// object name; both are open (any character of a name), so a test of the
// message is decided only when its answer holds whatever they are. What
// it gives up: a name with a character outside nameChars (a space, a
// quote), which no built-in kind accepts.
var conflictMessage = []msgPart{
	{text: "Operation cannot be fulfilled on "},
	{open: true},
	{text: ` "`},
	{open: true},
	{text: `": the object has been modified; please apply your changes to the latest version and try again`},
}

// msgPart is fixed text, or an open part of one or more name characters.
type msgPart struct {
	text string
	open bool
}

// nameChars reports whether c can stand in an open part: the characters of
// resource names, groups and object names (DNS subdomains, and the colons
// of RBAC names).
func nameChars(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(".-_:@", c) >= 0
}

// msgState is a position in conflictMessage: a part, and for fixed text
// the offset in it. An open part's offset counts characters matched so far
// (0 or "at least one").
type msgState struct{ part, off int }

// messageCanContain reports whether some Conflict message contains s, and
// whether every one does.
func messageCanContain(s string) (possible, always bool) {
	for _, p := range conflictMessage {
		if !p.open && strings.Contains(p.text, s) {
			return true, true
		}
	}
	return matchFrom(allStates(), s), false
}

// allStates returns every position a substring can start at.
func allStates() []msgState {
	var out []msgState
	for i, p := range conflictMessage {
		if p.open {
			out = append(out, msgState{i, 0})
			continue
		}
		for off := range len(p.text) {
			out = append(out, msgState{i, off})
		}
	}
	return out
}

// matchFrom reports whether s can be read in the message from one of the
// states.
func matchFrom(states []msgState, s string) bool {
	for i := 0; i < len(s) && len(states) > 0; i++ {
		states = advance(states, s[i])
	}
	return len(states) > 0
}

// advance returns the states reached from states by reading c.
func advance(states []msgState, c byte) []msgState {
	seen := make(map[msgState]bool)
	var out []msgState
	add := func(st msgState) {
		if !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	for _, st := range states {
		for _, next := range step(st, c) {
			add(next)
		}
	}
	return out
}

// step reads c at st.
func step(st msgState, c byte) []msgState {
	if st.part >= len(conflictMessage) {
		return nil
	}
	p := conflictMessage[st.part]
	if p.open {
		var out []msgState
		if nameChars(c) {
			out = append(out, msgState{st.part, 1}) // stay in the open part
		}
		if st.off > 0 { // the open part may end here: read c in the next one
			out = append(out, step(msgState{st.part + 1, 0}, c)...)
		}
		return out
	}
	if p.text[st.off] != c {
		return nil
	}
	if st.off+1 == len(p.text) {
		return []msgState{{st.part + 1, 0}}
	}
	return []msgState{{st.part, st.off + 1}}
}

// regexpCanMatch reports whether the regular expression expr can match
// inside a Conflict's message: false when a literal it requires cannot
// appear there, true when it cannot be ruled out. ok is false when expr
// does not parse.
func regexpCanMatch(expr string) (possible, ok bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return false, false
	}
	for _, lit := range requiredLiterals(re.Simplify()) {
		if can, _ := messageCanContain(lit); !can {
			return false, true
		}
	}
	return true, true
}

// requiredLiterals returns literal texts every match of re contains: the
// case-sensitive literals of its top-level concatenation.
func requiredLiterals(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase == 0 {
			return []string{string(re.Rune)}
		}
	case syntax.OpCapture:
		return requiredLiterals(re.Sub[0])
	case syntax.OpConcat:
		var out []string
		for _, sub := range re.Sub {
			out = append(out, requiredLiterals(sub)...)
		}
		return out
	}
	return nil
}
