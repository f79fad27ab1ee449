package main

import (
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Sibling modules: a module that the main module replaces by a directory
// (replace example.com/deploy => ../deploy) is the user's own code, kept
// beside it in the repository. go vet analyzes it as it analyzes every
// dependency, so its builders' and helpers' facts are in view there; the
// standalone command reads dependencies from export data, without facts,
// and would report a write of an object a sibling builds as if the object
// could be stale. So the packages of such modules that the run imports are
// loaded with syntax too: the checker analyzes them for their facts only,
// since they are not among the roots, and their own findings are not
// reported (they are not what the patterns asked for). The Kubernetes
// modules themselves keep their export data even when replaced (a fork
// of client-go, the staging directories of Kubernetes' own repository):
// their behaviour is in the model's tables.

// siblingImports returns the import paths of the packages that roots
// import, directly or not, from a sibling module: none in GOPATH mode or
// without a directory replacement.
func siblingImports(roots []*packages.Package) []string {
	known := make(map[string]bool, len(roots)) // the roots' paths, then each sibling's once
	for _, p := range roots {
		known[p.PkgPath] = true
	}
	var paths []string
	packages.Visit(roots, nil, func(p *packages.Package) {
		if !known[p.PkgPath] && fromSibling(p) {
			known[p.PkgPath] = true
			paths = append(paths, p.PkgPath)
		}
	})
	return paths
}

// fromSibling reports whether p belongs to a module the main module
// replaces by a directory, other than a Kubernetes module.
func fromSibling(p *packages.Package) bool {
	m := p.Module
	return m != nil && !m.Main && m.Replace != nil && m.Replace.Version == "" && !upstream.IsUpstreamPath(p.PkgPath)
}

// withSiblings loads patterns again with the sibling packages siblings
// added, and returns the packages the first load returned as roots (by
// ID), now importing the siblings with syntax. If that load fails, the
// first one's roots are kept: the run goes on as it would without
// siblings.
func withSiblings(cfg *packages.Config, patterns, siblings []string, first []*packages.Package) []*packages.Package {
	all, err := packages.Load(cfg, append(append([]string(nil), patterns...), siblings...)...)
	if err != nil {
		return first
	}
	wanted := make(map[string]bool, len(first))
	for _, p := range first {
		wanted[p.ID] = true
	}
	var roots []*packages.Package
	for _, p := range all {
		if wanted[p.ID] {
			roots = append(roots, p)
		}
	}
	if len(roots) != len(first) {
		return first
	}
	return roots
}
