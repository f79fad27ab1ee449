package fate

import (
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// One walk is the walker, which visits the paths, and three parts it asks,
// each reading the same walkJob: the conditions decide the tests a path meets,
// the effects apply a statement to a path's state, the exits judge the
// returns. None of them keeps anything between two questions except the
// job's others, which the walk learns at the failing call.

// walkJob is what the parts of one walk read: the tracer, what it knows of
// the package, the failure followed, and the questions about which
// values carry it.
type walkJob struct {
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
	job *walkJob
}

// effects applies a statement of a path to its state.
type effects struct {
	job *walkJob
}

// exits judges a return statement: what it hands the caller.
type exits struct {
	job *walkJob
	cd  conditions
}

// newWalker returns the walker of f over g, the graph of f's function.
func newWalker(t *Tracer, f *failure, g *cfg.CFG) *walker {
	job := &walkJob{t: t, k: t.k, f: f}
	cd := conditions{job}
	return &walker{job: job, cd: cd, fx: effects{job}, ex: exits{job, cd}, g: g}
}
