package graph

import (
	"fmt"
	"testing"
)

// TestComponents checks the components of small graphs and their order:
// a component after those it reaches, its nodes in the given order.
func TestComponents(t *testing.T) {
	cases := []struct {
		name  string
		nodes []string
		edges map[string][]string
		want  string
	}{
		{"chain, callers first", []string{"a", "b", "c"}, map[string][]string{"a": {"b"}, "b": {"c"}}, "[[c] [b] [a]]"},
		{"mutual recursion", []string{"a", "b", "c"}, map[string][]string{"a": {"b"}, "b": {"a", "c"}}, "[[c] [a b]]"},
		{"listed against the walk", []string{"b", "a"}, map[string][]string{"a": {"b"}, "b": {"a"}}, "[[b a]]"},
		{"self loop", []string{"a"}, map[string][]string{"a": {"a"}}, "[[a]]"},
		{"unknown successor", []string{"a"}, map[string][]string{"a": {"x"}}, "[[a]]"},
		{"two cycles joined", []string{"a", "b", "c", "d"}, map[string][]string{"a": {"b", "c"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, "[[c d] [a b]]"},
	}
	for _, c := range cases {
		got := fmt.Sprint(Components(c.nodes, func(n string) []string { return c.edges[n] }))
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}
