package analyzer

import "golang.org/x/tools/go/packages"

// WithoutFactFreeImports returns copies of pkgs, the packages a driver
// analyzes, whose import graph keeps only the edges along which facts can
// flow: to a package with syntax, or to one that leads to a package with
// syntax. For a driver that analyzes a whole program in one process.
//
// The go/analysis checker runs every analyzer that has facts (the model,
// listermutation) and what it requires on every dependency of an analyzed
// package, so that facts can pass through them. A dependency loaded from
// export data has no syntax, so no analyzer exports a fact about it, and
// one that leads to no package with syntax has none to pass on either. On
// the corpus those dependencies (client-go, apimachinery, k8s.io/api and
// the like) are nine in ten of the packages in the graph, and the checker's
// actions on them cost about as much as the analyzers' own work. The copies
// share everything but Imports with the originals.
func WithoutFactFreeImports(pkgs []*packages.Package) []*packages.Package {
	copies := make(map[*packages.Package]*packages.Package)
	leads := make(map[*packages.Package]bool) // memo: p has syntax or imports one that does
	var leadsToSyntax func(p *packages.Package) bool
	leadsToSyntax = func(p *packages.Package) bool {
		if known, ok := leads[p]; ok {
			return known
		}
		leads[p] = false // import graphs are acyclic; this only stops a malformed one
		found := len(p.Syntax) > 0
		for _, imp := range p.Imports {
			if found {
				break
			}
			found = leadsToSyntax(imp)
		}
		leads[p] = found
		return found
	}
	var copyOf func(p *packages.Package) *packages.Package
	copyOf = func(p *packages.Package) *packages.Package {
		if c, ok := copies[p]; ok {
			return c
		}
		c := *p
		copies[p] = &c
		c.Imports = make(map[string]*packages.Package)
		for path, imp := range p.Imports {
			if leadsToSyntax(imp) {
				c.Imports[path] = copyOf(imp)
			}
		}
		return &c
	}
	out := make([]*packages.Package, len(pkgs))
	for i, p := range pkgs {
		out[i] = copyOf(p)
	}
	return out
}
