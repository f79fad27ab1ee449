package fate

import (
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// One walk is the walker, which visits the paths, and three parts it asks:
// the conditions decide the tests a path meets, the effects apply a
// statement to a path's state, the exits judge the returns. Each holds
// what it reads: the tracer, what it knows of the package, the failure
// followed, and the value flow, the questions about which values carry
// the failure (the one part the other three share). None of them keeps
// anything between two questions except the value flow's others, which
// the walk learns at the failing call.

// valueFlow answers which values of the failing call's function carry
// the failure, and whether a node makes the failing call again.
type valueFlow struct {
	t *Tracer
	k *knowledge
	f *failure
	// others are the variables that take the failing call's other results
	// (res in `res, err := step()`): a test of them is a test of the step.
	others []*types.Var
}

// conditions decides the tests of a path on the failure, and what a
// decided test tells of the error variables.
type conditions struct {
	k    *knowledge
	f    *failure
	vals *valueFlow
}

// effects applies a statement of a path to its state.
type effects struct {
	t    *Tracer
	k    *knowledge
	f    *failure
	vals *valueFlow
}

// exits judges a return statement: what it hands the caller.
type exits struct {
	t    *Tracer
	k    *knowledge
	f    *failure
	vals *valueFlow
	cd   conditions
}

// newWalker returns the walker of f over g, the graph of f's function.
func newWalker(t *Tracer, f *failure, g *cfg.CFG) *walker {
	vals := &valueFlow{t: t, k: t.k, f: f}
	cd := conditions{k: t.k, f: f, vals: vals}
	return &walker{vals: vals, cd: cd, fx: effects{t: t, k: t.k, f: f, vals: vals}, ex: exits{t: t, k: t.k, f: f, vals: vals, cd: cd}, g: g}
}
