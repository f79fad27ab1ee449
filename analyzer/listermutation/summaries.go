package listermutation

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
)

// summary is what a function of this package tells its callers: the
// parameters it changes (receiver first for methods, ascending), each
// maybe only under a bool parameter (see guards.go), and what its first
// result can be (see returnedLevel).
type summary struct {
	mutates []Mutation
	returns level
}

// join is the least summary above s and t: a parameter changed in either
// (always, when either changes it always or the two need different
// flags), and the cache's object over a fresh list over nothing.
func (s summary) join(t summary) summary {
	out := summary{mutates: joinMutations(s.mutates, t.mutates), returns: s.returns}
	if t.returns == cached || (t.returns == fresh && out.returns == none) {
		out.returns = t.returns
	}
	return out
}

func (s summary) equal(t summary) bool {
	return s.returns == t.returns && slices.Equal(s.mutates, t.mutates)
}

// summaries holds the summaries of this package's functions, computed on
// demand a part of the call graph at a time and final once stored: asked
// about fn, solve computes every function fn reaches whose summary is
// not known, callees first by strongly connected components, and
// iterates each component from "changes nothing, returns nothing of the
// cache" up to its least fixed point. So fn's summary depends only on the
// functions it reaches, never on which function was asked about first.
type summaries struct {
	final map[*types.Func]summary
	// open are the summaries of the component being solved, provisional.
	open map[*types.Func]summary
}

// summaryOf returns fn's summary; fn is a function of this package.
func (c *checker) summaryOf(fn *types.Func) summary {
	if s, ok := c.sums.final[fn]; ok {
		return s
	}
	if s, ok := c.sums.open[fn]; ok {
		return s
	}
	if c.decl(fn) == nil {
		return summary{}
	}
	graph.Solver[*types.Func]{
		Succ:   c.localCallees,
		Start:  c.openComponent,
		Step:   c.grow,
		Finish: c.closeComponent,
	}.Solve(c.unsolvedFrom(fn))
	return c.sums.final[fn]
}

// openComponent gives the members of a component about to be solved the
// bottom summary ("changes nothing, returns nothing of the cache"), so
// that the members read each other's provisional summaries.
func (c *checker) openComponent(comp []*types.Func) {
	for _, fn := range comp {
		c.sums.open[fn] = summary{}
	}
}

// grow summarizes fn against the provisional summaries of the round
// before, joined with its own, so the summaries only grow and the rounds
// end; it reports whether fn's changed.
func (c *checker) grow(fn *types.Func) bool {
	old := c.sums.open[fn]
	s := old.join(c.summarize(fn))
	if s.equal(old) {
		return false
	}
	c.sums.open[fn] = s
	return true
}

// closeComponent makes a solved component's summaries final.
func (c *checker) closeComponent(comp []*types.Func, _ bool) {
	for _, fn := range comp {
		c.sums.final[fn] = c.sums.open[fn]
		delete(c.sums.open, fn)
	}
}

// summarize runs the tracker over fn's body, reading its callees'
// summaries (final, or provisional in fn's component).
func (c *checker) summarize(fn *types.Func) summary {
	fd := c.decl(fn)
	s := summary{mutates: c.paramMutations(fd, fn)}
	if returnsRef(fn.Signature()) {
		s.returns = c.resultLevel(fd)
	}
	return s
}

// unsolvedFrom returns fn and the functions of this package it reaches
// through the functions its body names, stopping at those whose summary
// is known or being solved.
func (c *checker) unsolvedFrom(fn *types.Func) []*types.Func {
	seen := map[*types.Func]bool{fn: true}
	order := []*types.Func{fn}
	for i := 0; i < len(order); i++ {
		for _, g := range c.localCallees(order[i]) {
			_, known := c.sums.final[g]
			_, open := c.sums.open[g]
			if !seen[g] && !known && !open {
				seen[g] = true
				order = append(order, g)
			}
		}
	}
	return order
}

// localCallees returns the functions of this package with a body that
// fn's body names (called or not, in closures too, generic ones by their
// origin): a superset of those its tracker asks about.
func (c *checker) localCallees(fn *types.Func) []*types.Func {
	if out, ok := c.callees[fn]; ok {
		return out
	}
	var out []*types.Func
	seen := make(map[*types.Func]bool)
	if fd := c.decl(fn); fd != nil {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && c.declNames[id.Name] {
				if g, ok := c.pass.TypesInfo.Uses[id].(*types.Func); ok {
					g = g.Origin()
					if g.Pkg() == c.pass.Pkg && !seen[g] && c.decl(g) != nil {
						seen[g] = true
						out = append(out, g)
					}
				}
			}
			return true
		})
	}
	c.callees[fn] = out
	return out
}
