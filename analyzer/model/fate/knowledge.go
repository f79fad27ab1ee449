package fate

import (
	"go/types"
	"sync"
)

// knowledge is what the walk consults about the package: its model, the
// facts of other packages, and the summaries of its own functions. Every
// table is filled by a summarizer and a companionFinder before any check
// runs and only read after (see Tracer.Freeze).
type knowledge struct {
	info  *types.Info
	pkg   *types.Package // the package the tracer follows failures in
	model Queries        // the package's writes and reads
	// foreign is what facts say about functions of other packages, loaded
	// during the model's Run: the tracer is used after it returns, when
	// its Pass may no longer be.
	foreign Foreign
	// preds are the package's func(error) bool functions whose answer on
	// a Conflict their bodies decide (see Predicates), with the package
	// variables' initial values.
	preds *predicateTable
	// results are the package's functions whose reconcile.Result asks the
	// same on every return (see ResultVerdicts).
	results map[*types.Func]ResultVerdict
	// sum are the per-function summaries.
	sum summaries
	// pending indexes the loops that take a pending set's entries again,
	// built on first use (see pending.go).
	pendingOnce sync.Once
	pending     map[types.Object][]pendingLoop
}

// Ends returns how a call of fn ends its caller's run when fn never
// returns (Surfaced or Fatal), and 0 when it may (see knowledge.endsOf).
func (t *Tracer) Ends(fn *types.Func) Fate { return t.k.endsOf(fn) }

// NeverReturnsNil reports whether every return statement of fn, a function
// of this package, returns an error that cannot be nil whatever the path
// (a frozen summary: see summaries.go).
func (t *Tracer) NeverReturnsNil(fn *types.Func) bool { return t.k.neverReturnsNil(fn) }

// PredicateVerdicts returns the package's predicates with a verdict on a
// Conflict. The map is the tracer's own: read it, do not change it.
func (t *Tracer) PredicateVerdicts() map[*types.Func]Verdict { return t.k.preds.verdicts }

// ResultVerdictsOf returns the package's functions with an answer. The map
// is the tracer's own: read it, do not change it.
func (t *Tracer) ResultVerdictsOf() map[*types.Func]ResultVerdict { return t.k.results }
