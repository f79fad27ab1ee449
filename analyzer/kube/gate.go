package kube

import "go/types"

// reachesKubeAPI reports whether pkg, or anything it imports transitively,
// is one of the Kubernetes client packages. A package that fails this test
// cannot call a write, so the analyzers skip it at once.
func reachesKubeAPI(pkg *types.Package) bool {
	for _, prefix := range upstreamPrefixes {
		if hasPrefixPath(pkg.Path(), prefix) {
			return false
		}
	}
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, prefix := range relevantImports {
			if hasPrefixPath(p.Path(), prefix) {
				return true
			}
		}
		for _, imp := range p.Imports() {
			if visit(imp) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}

// findPackage returns the package with the given path among pkg's
// transitive imports, or nil.
func findPackage(pkg *types.Package, path string) *types.Package {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) *types.Package
	visit = func(p *types.Package) *types.Package {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == path {
			return p
		}
		for _, imp := range p.Imports() {
			if found := visit(imp); found != nil {
				return found
			}
		}
		return nil
	}
	return visit(pkg)
}
