package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model/cache"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"golang.org/x/tools/go/analysis"
)

// useScan is what the one pass over the package's identifier uses finds.
type useScan struct {
	// files are the files of the package the model walks, in their
	// original order, or nil when the package never uses the Kubernetes
	// API.
	files []*ast.File
	// touchesCache tells whether the package touches an informer cache
	// (see Cache).
	touchesCache bool
	// timerAt are the package's uses of timers (see isTimerUse): without
	// one, no function of it runs on a tick.
	timerAt []token.Pos
	// resyncAt are the uses that can set up a resync (see setsUpResync).
	resyncAt []token.Pos
	// pkgFiles are the files whose declarations the model reads: all of
	// them, or the product files when the test files are left out (see
	// testFilter).
	pkgFiles []*ast.File
	// testsLeftOut tells that the package has test files and the model
	// walks none of them (see testFilter).
	testsLeftOut bool
}

// scanUses makes the one pass over the package's identifier uses that the
// model needs; besides the walked files, it notes what later stages would
// otherwise make a pass of their own for (see useScan).
//
// A file is walked when it uses something the model knows (see
// isModeledUse), or calls a function declared in a walked file, to a fixed
// point: a same-package helper may write, retry or read, and its callers
// are where its Conflict is lost. The other files (API types, generated
// code, tests that never reach the code under test) cannot hold a write, a
// read or a retry that matters, so they cost that pass and nothing more.
// facts are the object facts the package sees (pass.AllObjectFacts): a
// call of a function with one is a modeled use.
//
// In a covered test variant (see coveredVariant) whose checks report
// nothing in test files, the product files' findings are the package's
// own unit's, so only the product files the walked test files reach
// through calls are walked (see keepTestReach).
func scanUses(pass *analysis.Pass, opts *upstream.Options, facts []analysis.ObjectFact, resyncOf func(*types.Func) time.Duration, testWrites func() bool, covered bool) useScan {
	withFacts := make(map[types.Object]bool, len(facts))
	for _, f := range facts {
		withFacts[f.Object] = true
	}
	var scan useScan
	fileOf := syntax.FileIndex(pass.Files)
	tests := newTestGate(pass, facts, opts, testWrites)
	walked := make([]bool, len(pass.Files))
	calls := make([][]*types.Func, len(pass.Files)) // same-package functions each file uses
	modeled := false
	kinds := make(map[types.Object]useKind) // most objects are used many times
	for id, obj := range pass.TypesInfo.Uses {
		if _, isFunc := obj.(*types.Func); !isFunc && (obj.Pkg() == nil || obj.Pkg() == pass.Pkg) {
			// Most uses: the package's own variables, types, constants and
			// imports, and builtins. None is a modeled use or a cache use,
			// since upstream packages are never modeled (reachesKubeAPI).
			continue
		}
		kind, known := kinds[obj]
		if !known {
			kind = kindOfUse(obj, pass.Pkg, withFacts, opts, resyncOf, tests)
			kinds[obj] = kind
		}
		scan.note(id, kind)
		i := fileOf(id.Pos())
		tests.note(id, obj, i, kind&retryUse != 0)
		if i < 0 || walked[i] && !covered {
			continue
		}
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == pass.Pkg && (covered || kind&modeledUse == 0) {
			calls[i] = append(calls[i], fn.Origin())
		}
		if kind&modeledUse != 0 {
			walked[i], modeled = true, true
		}
	}
	tests.settle()
	scan.pkgFiles = tests.modelFiles()
	scan.testsLeftOut = tests.leavesAllOut()
	if tests.leavesOut() {
		tests.drop(walked, calls, &scan, fileOf)
		modeled = slices.Contains(walked, true)
	}
	if !modeled {
		return scan
	}
	declaredIn := declaredInFiles(pass)
	walkCallers(walked, calls, declaredIn)
	if covered && !tests.all && !keepTestReach(walked, calls, declaredIn, tests.isTest) {
		scan.testsLeftOut = true // no walked test file: the package's own unit has the rest
		return scan
	}
	for i, f := range pass.Files {
		if walked[i] {
			scan.files = append(scan.files, f)
		}
	}
	return scan
}

// useKind is what a used object is to the use pass, a set of bits.
type useKind uint8

const (
	cacheUse   useKind = 1 << iota // touches an informer cache (cache.IsUse)
	timerUse                       // another package's timer (isTimerUse)
	resyncUse                      // can set up a resync (setsUpResync)
	modeledUse                     // something the model knows (upstream.IsModeledUse)
	retryUse                       // a retry the test gate counts (testFilter.isRetry)
)

// kindOfUse classifies obj, used in package pkg.
func kindOfUse(obj types.Object, pkg *types.Package, withFacts map[types.Object]bool, opts *upstream.Options, resyncOf func(*types.Func) time.Duration, tests *testFilter) useKind {
	var kind useKind
	if cache.IsUse(obj) {
		kind |= cacheUse
	}
	if obj.Pkg() != nil && obj.Pkg() != pkg {
		if isTimerUse(obj) {
			kind |= timerUse
		}
		if setsUpResync(obj, resyncOf) {
			kind |= resyncUse
		}
	}
	if upstream.IsModeledUse(obj, withFacts, opts) {
		kind |= modeledUse
	}
	if fn, ok := obj.(*types.Func); ok && tests.isRetry(fn) {
		kind |= retryUse
	}
	return kind
}

// note records what the use id, of an object of kind, tells beside the
// walked files.
func (scan *useScan) note(id *ast.Ident, kind useKind) {
	scan.touchesCache = scan.touchesCache || kind&cacheUse != 0
	if kind&timerUse != 0 {
		scan.timerAt = append(scan.timerAt, id.Pos())
	}
	if kind&resyncUse != 0 {
		scan.resyncAt = append(scan.resyncAt, id.Pos())
	}
}

// walkCallers marks as walked, to a fixed point, the files that call a
// function declared in a walked file; calls lists the same-package
// functions each file uses.
func walkCallers(walked []bool, calls [][]*types.Func, declaredIn map[*types.Func]int) {
	files := make([]int, len(calls))
	for i := range files {
		files[i] = i
	}
	graph.Saturate(files, func(i int) bool {
		if walked[i] || !slices.ContainsFunc(calls[i], func(fn *types.Func) bool {
			j, ok := declaredIn[fn]
			return ok && walked[j]
		}) {
			return false
		}
		walked[i] = true
		return true
	})
}

// declaredInFiles maps each function and method of the package to the
// index of the file that declares it.
func declaredInFiles(pass *analysis.Pass) map[*types.Func]int {
	declaredIn := make(map[*types.Func]int)
	for i, f := range pass.Files {
		for _, fn := range declaredFuncs(pass.TypesInfo, f) {
			declaredIn[fn] = i
		}
	}
	return declaredIn
}

// keepTestReach leaves walked only the walked test files and the walked
// product files they reach through the package's functions they use,
// directly or through other files: what a test's retry needs (the
// helpers its closure calls). It reports whether a test file is walked.
func keepTestReach(walked []bool, calls [][]*types.Func, declaredIn map[*types.Func]int, isTest []bool) bool {
	reached := make([]bool, len(walked))
	var work []int
	for i := range walked {
		if isTest[i] && walked[i] {
			reached[i] = true
			work = append(work, i)
		}
	}
	if len(work) == 0 {
		return false
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for _, fn := range calls[i] {
			if j, ok := declaredIn[fn]; ok && !reached[j] {
				reached[j] = true
				work = append(work, j)
			}
		}
	}
	for i := range walked {
		walked[i] = walked[i] && reached[i]
	}
	return true
}

// declaredFuncs returns the functions and methods f declares.
func declaredFuncs(info *types.Info, f *ast.File) []*types.Func {
	var out []*types.Func
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				out = append(out, fn)
			}
		}
	}
	return out
}
