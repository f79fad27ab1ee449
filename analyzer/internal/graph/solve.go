package graph

import "slices"

// Solver computes a summary for each node of a call graph, callees first:
// one component at a time (see Components), round after round over the
// component's members until a round changes nothing. It is the one fixed
// point of the model's and the checks' summaries; each says only what a
// step is and what to do around a component.
type Solver[N comparable] struct {
	// Succ gives a node's successors (its callees).
	Succ func(N) []N
	// Step summarizes a node from the summaries it reads, and reports
	// whether its summary changed.
	Step func(N) bool
	// MaxRounds bounds the rounds of a component (nil: no bound). A
	// summary that only grows needs no bound; one that might not is cut
	// off, and Finish hears that the component did not settle.
	MaxRounds func(comp []N) int
	// Start, if set, runs before a component's first round (to give its
	// members provisional summaries, for example).
	Start func(comp []N)
	// Finish, if set, runs after a component's last round; settled is
	// false when the bound cut the rounds off while a summary still
	// changed.
	Finish func(comp []N, settled bool)
}

// Solve summarizes nodes. A component that does not reach itself (one
// node, no edge to itself) gets one round: nothing in it reads its own
// summary, so a second round could change nothing.
func (s Solver[N]) Solve(nodes []N) {
	for _, comp := range Components(nodes, s.Succ) {
		if s.Start != nil {
			s.Start(comp)
		}
		settled := s.iterate(comp, Recursive(comp, s.Succ))
		if s.Finish != nil {
			s.Finish(comp, settled)
		}
	}
}

// iterate runs the rounds of one component and reports whether the last
// one changed nothing.
func (s Solver[N]) iterate(comp []N, recursive bool) bool {
	bound := -1
	if s.MaxRounds != nil {
		bound = s.MaxRounds(comp)
	}
	for round := 0; bound < 0 || round < bound; round++ {
		changed := false
		for _, n := range comp {
			changed = s.Step(n) || changed
		}
		if !changed || !recursive {
			return true
		}
	}
	return false
}

// Recursive reports whether the component comp reaches itself: it has
// more than one node, or its node is its own successor.
func Recursive[N comparable](comp []N, succ func(N) []N) bool {
	return len(comp) > 1 || slices.Contains(succ(comp[0]), comp[0])
}

// Saturate applies a rule that only ever adds to a set, to its least
// fixed point: it calls try on every item, pass after pass, until a pass
// in which no call reports an addition. try must skip an item already
// decided; the passes end because each but the last adds something.
func Saturate[N any](items []N, try func(N) bool) {
	for changed := true; changed; {
		changed = false
		for _, it := range items {
			changed = try(it) || changed
		}
	}
}
