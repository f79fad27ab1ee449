package analyzer

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
)

// CoveredTestVariants returns what tells, for a driver that analyzes
// packages both as themselves and with their tests in one process
// (go/packages with Tests, as the standalone command does), whether the
// test variant of the package with import path path adds nothing but its
// test files to the run: the package itself is among pkgs, and no
// package but the generated test main imports the variant, so no other
// unit needs its facts. The model then models such a variant only for
// the test files it walks, and listermutation, which skips test files,
// leaves it alone: the package's own unit reports its product files.
// A driver sets the result as the suite's Config.Model.CoveredVariant once
// it has loaded the packages; go vet analyzes each package once, as its
// test variant when it has tests, and needs none.
func CoveredTestVariants(pkgs []*packages.Package) func(path string) bool {
	plain := make(map[string]bool) // packages analyzed as themselves
	for _, p := range pkgs {
		if p.ID == p.PkgPath {
			plain[p.PkgPath] = true
		}
	}
	imported := importedIDs(pkgs)
	covered := make(map[string]bool)
	for _, p := range pkgs {
		if isTestVariant(p) && plain[p.PkgPath] && !imported[p.ID] {
			covered[p.PkgPath] = true
		}
	}
	return func(path string) bool { return covered[path] }
}

// isTestVariant reports whether p is a package compiled with its
// in-package tests, by its ID "p [p.test]" (go/packages fills ForTest only
// in a mode the drivers do not load).
func isTestVariant(p *packages.Package) bool {
	return p.ID == p.PkgPath+" ["+p.PkgPath+".test]"
}

// UnusedDirective reports whether a finding's message says that a
// //conflictlint:ignore directive hid nothing in the unit that reported it.
// A driver that analyzes a package as several units keeps it only when
// every unit that holds the directive's file reports it (see
// cmd/conflictlint's collect); go vet and golangci-lint analyze a file's
// findings in one unit each and need nothing more.
func UnusedDirective(message string) bool {
	return diag.IsUnusedDirective(message)
}

// UnimportedUnits returns what tells, for a driver that analyzes pkgs and
// everything they import in one process, whether no analyzed unit imports
// the unit with import path path that holds test files (tests) or not:
// a command, a package nothing in the run uses, an external test
// package, a test variant only its test main imports. The analyzers
// compute no facts for such a unit, since no action would read them.
// Units are told apart by path and test files only, so when two units
// share both (a package and its copy recompiled for another package's
// tests), the key counts as imported if either is.
func UnimportedUnits(pkgs []*packages.Package) func(path string, tests bool) bool {
	type unit struct {
		path  string
		tests bool
	}
	imported := importedIDs(pkgs)
	unread := make(map[unit]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Syntax) == 0 || isTestMain(p) {
			return
		}
		u := unit{p.PkgPath, hasTestFiles(p)}
		if was, seen := unread[u]; !seen || was {
			unread[u] = !imported[p.ID]
		}
	})
	return func(path string, tests bool) bool { return unread[unit{path, tests}] }
}

// importedIDs returns the IDs of the packages that a package of the run
// imports, the test mains' imports left out. A dependency loaded without
// syntax counts too: facts reach its importers through it.
func importedIDs(pkgs []*packages.Package) map[string]bool {
	imported := make(map[string]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if isTestMain(p) {
			return
		}
		for _, imp := range p.Imports {
			imported[imp.ID] = true
		}
	})
	return imported
}

// isTestMain reports whether p is the main package that go test generates
// for a package's tests ("p.test").
func isTestMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test")
}

// hasTestFiles reports whether p is compiled with _test.go files.
func hasTestFiles(p *packages.Package) bool {
	return slices.ContainsFunc(p.CompiledGoFiles, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
}

// WithoutTestMains returns pkgs without the test mains that go test
// generates: their one file, in the build cache, calls the testing
// package, and nothing imports them, so they hold no finding and pass on
// no fact.
func WithoutTestMains(pkgs []*packages.Package) []*packages.Package {
	return slices.DeleteFunc(slices.Clone(pkgs), isTestMain)
}
