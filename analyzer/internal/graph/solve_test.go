package graph

import (
	"fmt"
	"slices"
	"testing"
)

// TestSolverReachesTheLeastFixedPoint summarizes "which nodes does each
// node reach" (a summary that only grows): callees first, a recursive
// component iterated until it settles, a lone node once.
func TestSolverReachesTheLeastFixedPoint(t *testing.T) {
	edges := map[string][]string{"a": {"b"}, "b": {"c", "a"}, "c": {"d"}, "d": nil}
	reach := map[string][]string{}
	steps := map[string]int{}
	var order []string
	Solver[string]{
		Succ: func(n string) []string { return edges[n] },
		Step: func(n string) bool {
			steps[n]++
			before := len(reach[n])
			for _, m := range edges[n] {
				for _, r := range append([]string{m}, reach[m]...) {
					if !slices.Contains(reach[n], r) {
						reach[n] = append(reach[n], r)
					}
				}
			}
			return len(reach[n]) != before
		},
		Start: func(comp []string) { order = append(order, fmt.Sprint(comp)) },
	}.Solve([]string{"a", "b", "c", "d"})
	for n, want := range map[string]int{"a": 4, "b": 4, "c": 1, "d": 0} {
		if len(reach[n]) != want {
			t.Errorf("%s reaches %v, want %d nodes", n, reach[n], want)
		}
	}
	if got := fmt.Sprint(order); got != "[[d] [c] [a b]]" {
		t.Errorf("components solved in the order %s, want callees first", got)
	}
	if steps["c"] != 1 || steps["d"] != 1 {
		t.Errorf("a lone node that does not reach itself was summarized %d and %d times, want once", steps["c"], steps["d"])
	}
	if steps["a"] < 2 {
		t.Errorf("the recursive component was summarized %d rounds, want until a round changes nothing", steps["a"])
	}
}

// TestSolverBoundTellsFinishItDidNotSettle gives a component whose summary
// never stops changing a bound, and checks that the rounds stop there and
// Finish hears so; a component that settles within its bound says so.
func TestSolverBoundTellsFinishItDidNotSettle(t *testing.T) {
	edges := map[string][]string{"loop": {"loop"}, "calm": {"calm"}}
	rounds := map[string]int{}
	settled := map[string]bool{}
	Solver[string]{
		Succ:      func(n string) []string { return edges[n] },
		Step:      func(n string) bool { rounds[n]++; return n == "loop" || rounds[n] < 2 },
		MaxRounds: func([]string) int { return 5 },
		Finish:    func(comp []string, ok bool) { settled[comp[0]] = ok },
	}.Solve([]string{"loop", "calm"})
	if rounds["loop"] != 5 || settled["loop"] {
		t.Errorf("ever-changing component: %d rounds, settled %v; want 5 rounds, not settled", rounds["loop"], settled["loop"])
	}
	if rounds["calm"] != 2 || !settled["calm"] {
		t.Errorf("calm component: %d rounds, settled %v; want 2 rounds, settled", rounds["calm"], settled["calm"])
	}
}

// TestSaturate grows "is reachable from a" over edges given as items, and
// checks it passes again after an addition an earlier item needed.
func TestSaturate(t *testing.T) {
	edges := [][2]string{{"c", "d"}, {"b", "c"}, {"a", "b"}, {"x", "y"}}
	in := map[string]bool{"a": true}
	passes := 0
	Saturate(edges, func(e [2]string) bool {
		if e == edges[0] {
			passes++
		}
		if !in[e[0]] || in[e[1]] {
			return false
		}
		in[e[1]] = true
		return true
	})
	if fmt.Sprint(in) != "map[a:true b:true c:true d:true]" {
		t.Errorf("reachable set %v, want a b c d", in)
	}
	if passes != 4 {
		t.Errorf("%d passes, want 4 (three that add, one that confirms)", passes)
	}
}
