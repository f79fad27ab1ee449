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
	t := &tarjan[N]{nodes: nodes, succ: succ, order: make(map[N]int, len(nodes)), state: make([]visitState, len(nodes))}
	for i, n := range nodes {
		if _, dup := t.order[n]; !dup {
			t.order[n] = i
		}
	}
	for i, n := range nodes {
		if t.order[n] == i && t.state[i].index == 0 {
			t.visit(i)
		}
	}
	return t.out
}

// tarjan is one run of Tarjan's algorithm. Nodes are named by their
// position in the given order, so that the walk's state is a slice, not
// a map per field (a summary's graph is every function of a package).
type tarjan[N comparable] struct {
	nodes   []N
	succ    func(N) []N
	order   map[N]int // the position of each node in the given order
	state   []visitState
	reached int
	stack   []int
	out     [][]N
}

// visitState is the walk's state of one node; index 0 is "not reached".
type visitState struct {
	index, low int
	onStack    bool
}

// visit walks from node i, and emits its component when i is its root.
func (t *tarjan[N]) visit(i int) {
	t.reached++
	s := &t.state[i]
	s.index, s.low, s.onStack = t.reached, t.reached, true
	t.stack = append(t.stack, i)
	for _, m := range t.succ(t.nodes[i]) {
		j, known := t.order[m]
		if !known {
			continue
		}
		if t.state[j].index == 0 {
			t.visit(j)
			t.state[i].low = min(t.state[i].low, t.state[j].low)
		} else if t.state[j].onStack {
			t.state[i].low = min(t.state[i].low, t.state[j].index)
		}
	}
	if t.state[i].low == t.state[i].index {
		t.emit(i)
	}
}

// emit pops the component whose root is i, in the given order of nodes.
func (t *tarjan[N]) emit(i int) {
	at := slices.Index(t.stack, i)
	members := slices.Clone(t.stack[at:])
	t.stack = t.stack[:at]
	slices.Sort(members) // positions: the given order
	comp := make([]N, len(members))
	for k, j := range members {
		t.state[j].onStack = false
		comp[k] = t.nodes[j]
	}
	t.out = append(t.out, comp)
}
