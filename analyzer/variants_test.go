package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
)

// TestCoveredTestVariants checks, on the package graph go/packages gives
// with Tests, which test variants add only their test files to a run: q's
// (its package is a root, only its test main imports it), not p's (its
// external test imports it and needs its facts), not r's (r itself is not
// analyzed).
func TestCoveredTestVariants(t *testing.T) {
	pkg := func(id, path, name string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{ID: id, PkgPath: path, Name: name, Imports: map[string]*packages.Package{}}
		for _, imp := range imports {
			p.Imports[imp.ID] = imp
		}
		return p
	}
	p := pkg("ex/p", "ex/p", "p")
	pTest := pkg("ex/p [ex/p.test]", "ex/p", "p")
	pExt := pkg("ex/p_test [ex/p.test]", "ex/p_test", "p_test", pTest)
	pMain := pkg("ex/p.test", "ex/p.test", "main", pTest, pExt)
	q := pkg("ex/q", "ex/q", "q", p)
	qTest := pkg("ex/q [ex/q.test]", "ex/q", "q", p)
	qMain := pkg("ex/q.test", "ex/q.test", "main", qTest)
	rTest := pkg("ex/r [ex/r.test]", "ex/r", "r")
	rMain := pkg("ex/r.test", "ex/r.test", "main", rTest)

	covered := analyzer.CoveredTestVariants([]*packages.Package{p, pTest, pExt, pMain, q, qTest, qMain, rTest, rMain})
	for path, want := range map[string]bool{"ex/p": false, "ex/q": true, "ex/r": false, "ex/p_test": false} {
		if got := covered(path); got != want {
			t.Errorf("covered(%q) = %v, want %v", path, got, want)
		}
	}
}
