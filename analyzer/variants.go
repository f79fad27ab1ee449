package analyzer

import (
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
	plain := make(map[string]bool)    // packages analyzed as themselves
	imported := make(map[string]bool) // IDs of variants something imports
	seen := make(map[*packages.Package]bool)
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		testMain := p.Name == "main" && strings.HasSuffix(p.ID, ".test")
		for _, imp := range p.Imports {
			if !testMain {
				imported[imp.ID] = true
			}
			visit(imp)
		}
	}
	for _, p := range pkgs {
		if p.ID == p.PkgPath {
			plain[p.PkgPath] = true
		}
		visit(p)
	}
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
