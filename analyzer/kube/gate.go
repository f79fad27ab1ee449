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
