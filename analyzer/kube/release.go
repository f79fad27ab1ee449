package kube

import (
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// The standalone driver analyzes a whole program in one process, and the
// go/analysis checker keeps every action's result until all are done. A
// Result holds its package's inspector and model, the largest thing the
// suite allocates, so the driver says how many analyzers consume each
// Result, each consumer calls Done when it has finished with it, and the
// last one frees it.

var consumers atomic.Int32

// ReleaseAfter makes every Result free its model once n analyzers have
// called Done on it. With n = 0, the default, Results are never freed: a
// driver that cannot count the analyzers that use kube must not call it.
func ReleaseAfter(n int) { consumers.Store(int32(n)) }

// Done tells the Result that one of its consumers has finished with it.
func (r *Result) Done() {
	n := consumers.Load()
	if n > 0 && r.doneBy.Add(1) == n {
		r.release()
	}
}

// release drops everything but Relevant.
func (r *Result) release() {
	r.Inspector = nil
	r.Writes, r.Reads, r.Scopes, r.ConflictChecks, r.ReturnerCalls = nil, nil, nil, nil, nil
	r.RetryHelpers, r.Returners, r.Refreshers, r.Decls = nil, nil, nil, nil
	r.Tracer = nil
	r.scopeByBody, r.writeByCall, r.readByNode, r.returnerCursor = nil, nil, nil, nil
}

// Consumers counts the analyzers that require kube among roots and
// everything they require: the n to give ReleaseAfter when a driver runs
// roots.
func Consumers(roots []*analysis.Analyzer) int {
	seen := make(map[*analysis.Analyzer]bool)
	n := 0
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			if req == Analyzer {
				n++
			}
			visit(req)
		}
	}
	for _, a := range roots {
		visit(a)
	}
	return n
}
