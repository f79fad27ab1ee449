package syntax

import (
	"go/types"
	"slices"
	"sync"
)

// ImportReach answers, for one test of packages, whether a package or one
// of its transitive imports passes it. FindImport walks the whole import
// graph below a package each time, and a driver that analyzes a program in
// one process asks about every package of it, whose graphs overlap almost
// entirely; ImportReach remembers the answer for every package it walks
// through, so that each is tested once. It is safe for concurrent use, and
// lives as long as the analyzer that owns it.
type ImportReach struct {
	match func(*types.Package) bool
	mu    sync.Mutex
	memo  map[*types.Package]bool
}

// NewImportReach returns an ImportReach for match.
func NewImportReach(match func(*types.Package) bool) *ImportReach {
	return &ImportReach{match: match, memo: make(map[*types.Package]bool)}
}

// From reports whether pkg or one of its transitive imports satisfies the
// test.
func (r *ImportReach) From(pkg *types.Package) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reaches(pkg)
}

func (r *ImportReach) reaches(p *types.Package) bool {
	if known, ok := r.memo[p]; ok {
		return known
	}
	// Go forbids import cycles; a malformed graph with one must still not
	// loop, so a package is taken not to match while it is being walked.
	r.memo[p] = false
	found := r.match(p) || slices.ContainsFunc(p.Imports(), r.reaches)
	r.memo[p] = found
	return found
}
