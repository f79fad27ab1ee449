// Package graph holds what the model's summaries need of graph theory:
// the strongly connected components of a call graph, in an order that
// lets a summary be computed after those it reads, and the one way the
// model and the checks compute a fixed point (Solver over components,
// Saturate for a set that only grows).
package graph

import "slices"

// Components returns the strongly connected components of the graph over
// nodes whose edges succ gives (a successor not among nodes is ignored).
// A component comes after every component it reaches, so a summary that
// reads its callees' is computed callees first. Each component lists its
// nodes in the order of nodes. The answer depends only on the order of
// nodes and of succ's answers (Tarjan's algorithm, roots and edges taken
// in that order).
func Components[N comparable](nodes []N, succ func(N) []N) [][]N {
	t := &tarjan[N]{succ: succ, order: make(map[N]int, len(nodes)), index: make(map[N]int), low: make(map[N]int), onStack: make(map[N]bool)}
	for i, n := range nodes {
		t.order[n] = i
	}
	for _, n := range nodes {
		if _, seen := t.index[n]; !seen {
			t.visit(n)
		}
	}
	return t.out
}

// tarjan is one run of Tarjan's algorithm.
type tarjan[N comparable] struct {
	succ    func(N) []N
	order   map[N]int // the position of each node in the given order
	index   map[N]int // the order in which the walk reached each node
	low     map[N]int
	stack   []N
	onStack map[N]bool
	out     [][]N
}

// visit walks from n, and emits n's component when n is its root.
func (t *tarjan[N]) visit(n N) {
	t.index[n], t.low[n] = len(t.index), len(t.index)
	t.stack = append(t.stack, n)
	t.onStack[n] = true
	for _, m := range t.succ(n) {
		if _, known := t.order[m]; !known {
			continue
		}
		if _, seen := t.index[m]; !seen {
			t.visit(m)
			t.low[n] = min(t.low[n], t.low[m])
		} else if t.onStack[m] {
			t.low[n] = min(t.low[n], t.index[m])
		}
	}
	if t.low[n] == t.index[n] {
		t.emit(n)
	}
}

// emit pops the component whose root is n, in the given order of nodes.
func (t *tarjan[N]) emit(n N) {
	i := slices.Index(t.stack, n)
	comp := slices.Clone(t.stack[i:])
	t.stack = t.stack[:i]
	for _, m := range comp {
		t.onStack[m] = false
	}
	slices.SortFunc(comp, func(a, b N) int { return t.order[a] - t.order[b] })
	t.out = append(t.out, comp)
}
