package main

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// loadErrors lists what went wrong loading pkgs (the packages the patterns
// matched) and their dependencies, in the order that explains it:
//
//  1. the go command's own errors: a module that cannot be downloaded or
//     whose replacement directory is missing, a missing go.sum entry, a
//     package no module provides. Each message is printed once, at an
//     import in the user's code when one has it, though the go command
//     reports it at every import of every package it concerns;
//  2. one line for each matched package that cannot be analyzed because a
//     dependency hit such an error. The type checker's complaints about
//     these packages and about the dependencies loaded in their place
//     (could not import, no metadata, undefined) only repeat the cause by
//     the hundred, and are left out;
//  3. the errors of every other package, as the type checker reports them.
//     A package that does not compile is reported by go list too (the
//     compiler's output, when export data is built) and again by the type
//     checker; the type checker's errors are positioned, so they win. Test
//     variants repeat their package's errors, which are dropped as
//     duplicates.
//
// The packages that loaded are analyzed all the same.
func loadErrors(pkgs []*packages.Package) []string {
	var all []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) { all = append(all, p) })
	failed := make(map[*packages.Package]bool) // packages with a go command error of their own
	for _, p := range all {
		if slices.ContainsFunc(p.Errors, isGoCommandError) {
			failed[p] = true
		}
	}
	blocked := dependsOnFailure(all, failed)
	out := goCommandErrors(all)
	out = append(out, notAnalyzed(pkgs, failed, blocked)...)
	return append(out, otherErrors(all, blocked)...)
}

// isGoCommandError reports whether e is the go command's complaint about
// finding or fetching a package, rather than the compiler's output, which
// go list passes on under a "# <package>" header.
func isGoCommandError(e packages.Error) bool {
	return e.Kind == packages.ListError && !strings.HasPrefix(e.Msg, "# ")
}

// goCommandErrors returns the go command's errors, each message once, in
// the order first met, at its first position in the user's code (which
// go list gives relative to the working directory), else at its first.
func goCommandErrors(all []*packages.Package) []string {
	var order []string
	at := make(map[string]string)  // message -> position
	pkg := make(map[string]string) // message -> the package it was first met in
	for _, p := range all {
		for _, e := range p.Errors {
			if !isGoCommandError(e) {
				continue
			}
			pos, seen := at[e.Msg]
			if !seen {
				order = append(order, e.Msg)
				pkg[e.Msg] = p.ID
			}
			if !seen || (isOutsideUserCode(pos) && !isOutsideUserCode(e.Pos)) {
				at[e.Msg] = e.Pos
			}
		}
	}
	out := make([]string, len(order))
	for i, msg := range order {
		out[i] = goCommandError(at[msg], pkg[msg], msg)
	}
	return out
}

// missingDir is the go command's message for a pattern naming a directory
// that does not exist.
var missingDir = regexp.MustCompile(`^stat (.+): directory not found$`)

// goCommandError spells one error of the go command. go list gives "-" as
// the position of an error about a package as a whole (one that does not
// exist, or that no module provides): the package, as the command line
// named it, stands in its place.
func goCommandError(pos, pkg, msg string) string {
	if pos != "" && pos != "-" {
		return packages.Error{Pos: pos, Msg: msg}.Error()
	}
	if m := missingDir.FindStringSubmatch(msg); m != nil {
		msg = "no such package: directory " + m[1] + " does not exist"
	}
	return pkg + ": " + msg
}

// isOutsideUserCode reports whether a go list position is absent or
// absolute: in the module cache, the standard library, or anywhere but
// under the working directory.
func isOutsideUserCode(pos string) bool { return pos == "" || filepath.IsAbs(pos) }

// dependsOnFailure returns the packages among all that failed or import,
// directly or not, one that did.
func dependsOnFailure(all []*packages.Package, failed map[*packages.Package]bool) map[*packages.Package]bool {
	blocked := make(map[*packages.Package]bool)
	// packages.Visit lists a package after its imports.
	for _, p := range all {
		if failed[p] {
			blocked[p] = true
			continue
		}
		for _, imp := range p.Imports {
			if blocked[imp] {
				blocked[p] = true
				break
			}
		}
	}
	return blocked
}

// notAnalyzed returns one line for each package among roots (its test
// variants included) that is blocked by a failed dependency, naming the
// nearest one. A package whose own loading failed is named by its error
// already. When only a package's tests are blocked (a test imports a
// generated mock that is not there), its product code is analyzed, and
// the line says "(its tests)".
func notAnalyzed(roots []*packages.Package, failed, blocked map[*packages.Package]bool) []string {
	productOK := make(map[string]bool) // packages whose product code loads
	for _, p := range roots {
		if p.ID == p.PkgPath && !blocked[p] && !failed[p] {
			productOK[p.PkgPath] = true
		}
	}
	var out []string
	seen := make(map[string]bool)
	for _, p := range roots {
		name := userPackage(p)
		if !blocked[p] || failed[p] || name == "" {
			continue
		}
		if productOK[name] {
			name += " (its tests)"
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, fmt.Sprintf("%s: not analyzed: its dependency %s could not be loaded", name, nearestFailure(p, failed).PkgPath))
	}
	return out
}

// userPackage returns the path of the package in the user's tree that p
// is, or a test variant of; "" for the test main that go test generates.
func userPackage(p *packages.Package) string {
	if p.Name == "main" && strings.HasSuffix(p.ID, ".test") {
		return ""
	}
	if strings.HasSuffix(p.Name, "_test") {
		return strings.TrimSuffix(p.PkgPath, "_test")
	}
	return p.PkgPath
}

// nearestFailure returns the failed package fewest imports away from p,
// the first by import path among those as near.
func nearestFailure(p *packages.Package, failed map[*packages.Package]bool) *packages.Package {
	seen := map[*packages.Package]bool{p: true}
	for level := []*packages.Package{p}; len(level) > 0; {
		var next []*packages.Package
		for _, q := range level {
			for _, path := range slices.Sorted(maps.Keys(q.Imports)) {
				imp := q.Imports[path]
				if seen[imp] {
					continue
				}
				if failed[imp] {
					return imp
				}
				seen[imp] = true
				next = append(next, imp)
			}
		}
		level = next
	}
	return p // not reached for a blocked package that did not fail itself
}

// otherErrors returns the errors of the packages that are not blocked,
// each once: the positioned ones of a package that has any, else its
// go list errors (which are then the compiler's output). Of a blocked
// package it returns the syntax errors, which no dependency can cause.
func otherErrors(all []*packages.Package, blocked map[*packages.Package]bool) []string {
	var out []string
	seen := make(map[string]bool)
	for _, p := range all {
		positioned := slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind != packages.ListError })
		for _, e := range p.Errors {
			if blocked[p] && e.Kind != packages.ParseError || positioned && e.Kind == packages.ListError {
				continue
			}
			if msg := e.Error(); !seen[msg] {
				seen[msg] = true
				out = append(out, msg)
			}
		}
	}
	return out
}
