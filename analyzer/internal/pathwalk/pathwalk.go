// Package pathwalk is the one path engine of the model and the checks: it
// follows the paths of a function's control-flow graph (golang.org/x/tools/go/cfg)
// from a point, each path carrying the state its client keeps, and visits
// each point once per state. What a node does to a state, which branches a
// state takes and what a path's end means are the client's; the engine
// owns the order of the visits, the revisits and the budget, so that two
// clients cannot differ on those.
package pathwalk

import "golang.org/x/tools/go/cfg"

// Point is where a path is: the node Index of Block (len(Block.Nodes) is
// the block's end, where the path leaves it), and what the path knows.
type Point[S any] struct {
	Block *cfg.Block
	Index int
	State S
}

// Walker follows paths whose state is S.
type Walker[S any, K comparable] struct {
	// Key identifies a state: two paths at one point whose states have
	// the same key are one path from there on.
	Key func(S) K
	// Step moves the path at p on: it returns the points the path goes to
	// next (one node further, or the successors a block's end takes), and
	// none where the path ends. A step may move over several nodes.
	Step func(p Point[S]) []Point[S]
	// Budget bounds the steps of one walk (0: no bound).
	Budget int
}

// visit is the identity of a path at a point.
type visit[K comparable] struct {
	block *cfg.Block
	index int
	key   K
}

// Walk follows every path from start, depth first, last branch first. It
// reports false when it stopped at the budget with paths left to follow:
// the client's findings are then partial.
func (w Walker[S, K]) Walk(start Point[S]) bool {
	seen := make(map[visit[K]]bool)
	stack := []Point[S]{start}
	steps := 0
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v := visit[K]{p.Block, p.Index, w.Key(p.State)}
		if seen[v] {
			continue
		}
		seen[v] = true
		if steps++; w.Budget > 0 && steps > w.Budget {
			return false
		}
		stack = append(stack, w.Step(p)...)
	}
	return true
}
