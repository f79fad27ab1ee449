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

// ImportFinder finds, for one test of packages, the first package among a
// package and its transitive imports that passes it (depth first, imports
// in order), remembering the answer for every package it walks through,
// as ImportReach does. It is safe for concurrent use.
type ImportFinder struct {
	match func(*types.Package) bool
	mu    sync.Mutex
	memo  map[*types.Package]*types.Package
	busy  map[*types.Package]bool
}

// NewImportFinder returns an ImportFinder for match.
func NewImportFinder(match func(*types.Package) bool) *ImportFinder {
	return &ImportFinder{match: match, memo: make(map[*types.Package]*types.Package), busy: make(map[*types.Package]bool)}
}

// From returns the package found from pkg, or nil.
func (f *ImportFinder) From(pkg *types.Package) *types.Package {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.find(pkg)
}

func (f *ImportFinder) find(p *types.Package) *types.Package {
	if found, ok := f.memo[p]; ok {
		return found
	}
	if f.busy[p] {
		return nil // an import cycle, which Go forbids: a malformed graph must not loop
	}
	f.busy[p] = true
	var found *types.Package
	if f.match(p) {
		found = p
	}
	for _, imp := range p.Imports() {
		if found != nil {
			break
		}
		found = f.find(imp)
	}
	delete(f.busy, p)
	f.memo[p] = found
	return found
}
