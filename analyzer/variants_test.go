package analyzer_test

import (
	"go/ast"
	"slices"
	"strings"
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

// pkg makes a package of a go/packages graph loaded with Tests; a test
// variant (an ID with "[") holds a test file.
func pkg(id, path, name string, imports ...*packages.Package) *packages.Package {
	p := &packages.Package{ID: id, PkgPath: path, Name: name, Imports: map[string]*packages.Package{}}
	p.CompiledGoFiles = []string{"/src/" + path + "/a.go"}
	if strings.Contains(id, "[") {
		p.CompiledGoFiles = append(p.CompiledGoFiles, "/src/"+path+"/a_test.go")
	}
	for _, imp := range imports {
		p.Imports[imp.ID] = imp
	}
	return p
}

// TestUnimportedUnits checks which units no other unit of a run imports,
// so that their facts are not computed: a command, an external test, a
// test variant only its test main imports, a library nothing uses, and
// not a library that a dependency without syntax imports (facts reach
// its importers through that dependency), nor a package whose copy
// recompiled for another package's tests is imported.
func TestUnimportedUnits(t *testing.T) {
	lib := pkg("ex/lib", "ex/lib", "lib")
	via := pkg("ex/via", "ex/via", "via")
	viaDep := pkg("ex/dep", "ex/dep", "dep", via) // loaded from export data
	leaf := pkg("ex/leaf", "ex/leaf", "leaf")
	p := pkg("ex/p", "ex/p", "p", lib)
	pTest := pkg("ex/p [ex/p.test]", "ex/p", "p", lib)
	pExt := pkg("ex/p_test [ex/p.test]", "ex/p_test", "p_test", pTest)
	pMain := pkg("ex/p.test", "ex/p.test", "main", pTest, pExt)
	q := pkg("ex/q", "ex/q", "q")
	qTest := pkg("ex/q [ex/q.test]", "ex/q", "q")
	qMain := pkg("ex/q.test", "ex/q.test", "main", qTest)
	cmd := pkg("ex/cmd", "ex/cmd", "main", p, q, viaDep)
	lib2 := pkg("ex/lib2", "ex/lib2", "lib2")
	lib2ForP := pkg("ex/lib2 [ex/p.test]", "ex/lib2", "lib2", pTest)
	lib2ForP.CompiledGoFiles = lib2ForP.CompiledGoFiles[:1]
	pExt.Imports[lib2ForP.ID] = lib2ForP
	for _, p := range []*packages.Package{lib, via, leaf, p, pTest, pExt, q, qTest, cmd, lib2, lib2ForP} {
		p.Syntax = []*ast.File{{}}
	}
	units := []*packages.Package{lib, via, leaf, p, pTest, pExt, pMain, q, qTest, qMain, cmd, lib2, lib2ForP}

	unimported := analyzer.UnimportedUnits(units)
	for _, tc := range []struct {
		path  string
		tests bool
		want  bool
	}{
		{"ex/cmd", false, true},
		{"ex/leaf", false, true},
		{"ex/p_test", true, true},
		{"ex/q", true, true}, // only its test main imports the variant
		{"ex/lib", false, false},
		{"ex/via", false, false}, // imported by a dependency loaded from export data
		{"ex/p", true, false},    // its external test imports it
		{"ex/p", false, false},
		{"ex/q", false, false},
		{"ex/lib2", false, false}, // its copy for p's tests is imported
	} {
		if got := unimported(tc.path, tc.tests); got != tc.want {
			t.Errorf("unimported(%q, tests=%v) = %v, want %v", tc.path, tc.tests, got, tc.want)
		}
	}
	analyzed := analyzer.WithoutTestMains(units)
	if slices.Contains(analyzed, pMain) || slices.Contains(analyzed, qMain) || len(analyzed) != len(units)-2 {
		t.Errorf("WithoutTestMains kept %d of %d units, test mains among them: %v %v", len(analyzed), len(units),
			slices.Contains(analyzed, pMain), slices.Contains(analyzed, qMain))
	}
}
