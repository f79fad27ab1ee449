package model

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// testFilter decides which of a package's _test.go files the model walks.
// Only one check reads them unless a check reports writes in them
// (unretriedupdate's strict mode): retryreget, on the retries a test
// file makes. So when no check reports test writes, a test file is walked
// only when it names a retry (a tabled retry function, a configured
// wrapper, another package's retry helper, or a function of the package
// that takes a func and names one of those, maybe through others: what
// may be a retry helper), or declares a function the external test
// package can call (whose facts its retries may need), or declares a
// function such a file uses, to a fixed point (the helpers a retried
// closure calls). The other test files are left out, with what the use
// pass noted in them; a test variant whose test files are all left out is
// modeled as its package is.
type testFilter struct {
	pass     *analysis.Pass
	opts     *upstream.Options
	isTest   []bool
	retries  map[types.Object]bool // other packages' retry helpers
	all      bool                  // every test file is walked
	kept     []bool                // the test files walked, once settled
	anyTests bool
	// What the use pass notes for settle: the package's functions each
	// test file uses, whether one of them takes a func, and the functions
	// that name a retry.
	uses          [][]*types.Func
	mayCallHelper bool
	retrying      map[*types.Func]bool
}

// newTestGate returns the gate of pass; testWrites tells whether a check
// reports writes in test files (asked only of a package that has test
// files), and facts are those pass sees.
func newTestGate(pass *analysis.Pass, facts []analysis.ObjectFact, opts *upstream.Options, testWrites func() bool) *testFilter {
	g := &testFilter{pass: pass, opts: opts, isTest: make([]bool, len(pass.Files))}
	for i, f := range pass.Files {
		g.isTest[i] = syntax.InTestFile(pass.Fset, f.Pos())
		g.anyTests = g.anyTests || g.isTest[i]
	}
	if !g.anyTests {
		return g
	}
	if g.all = testWrites(); g.all {
		return g
	}
	g.retries = make(map[types.Object]bool)
	for _, f := range facts {
		if _, ok := f.Fact.(*RetriesFact); ok {
			g.retries[f.Object] = true
		}
	}
	g.kept = g.exportsToExternalTest()
	g.uses = make([][]*types.Func, len(pass.Files))
	g.retrying = make(map[*types.Func]bool)
	return g
}

// isRetry reports whether a call of fn makes a retry the gate counts: a
// configured wrapper, or another package's retry (tabled, or a helper by
// its fact).
func (g *testFilter) isRetry(fn *types.Func) bool {
	if g.all || !g.anyTests || fn.Pkg() == nil {
		return false
	}
	if g.opts.RetryWrappers.Has(fn) {
		return true
	}
	if fn.Pkg() == g.pass.Pkg {
		return false
	}
	_, tabled := upstream.RetryFuncs[upstream.FuncKeyOf(fn)]
	return tabled || g.retries[fn.Origin()]
}

// note records what the use id of obj in file i tells the gate; retry is
// isRetry of obj.
func (g *testFilter) note(id *ast.Ident, obj types.Object, i int, retry bool) {
	fn, ok := obj.(*types.Func)
	if !ok || g.all || !g.anyTests || i < 0 || fn.Pkg() == nil {
		return
	}
	local := fn.Pkg() == g.pass.Pkg
	if !local && !retry {
		return
	}
	if retry && g.isTest[i] {
		g.kept[i] = true
	}
	if local && g.isTest[i] {
		g.uses[i] = append(g.uses[i], fn.Origin())
		g.mayCallHelper = g.mayCallHelper || upstream.FirstFuncParam(fn) >= 0
	}
	if retry {
		if in := enclosingFunc(g.pass.TypesInfo, g.pass.Files[i], id.Pos()); in != nil {
			g.retrying[in] = true
		}
	}
}

// settle decides which test files are walked, from what note recorded:
// those that name another package's retry or declare what the external
// test package calls, those that name a function of the package that may
// be a retry helper (it takes a func and names a retry, maybe through
// such functions), and to a fixed point those that declare a function a
// walked test file uses.
func (g *testFilter) settle() {
	if g.all || !g.anyTests {
		return
	}
	if g.mayCallHelper && len(g.retrying) > 0 {
		helpers := g.mayBeHelpers()
		for i, fns := range g.uses {
			if slices.ContainsFunc(fns, func(fn *types.Func) bool { return helpers[fn] }) {
				g.kept[i] = true
			}
		}
	}
	declaredIn := make(map[*types.Func]int)
	for i, f := range g.pass.Files {
		if g.isTest[i] {
			for _, fn := range declaredFuncs(g.pass.TypesInfo, f) {
				declaredIn[fn] = i
			}
		}
	}
	var work []int
	for i, k := range g.kept {
		if k {
			work = append(work, i)
		}
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for _, fn := range g.uses[i] {
			if j, ok := declaredIn[fn]; ok && !g.kept[j] {
				g.kept[j] = true
				work = append(work, j)
			}
		}
	}
	g.uses, g.retrying = nil, nil
}

// mayBeHelpers returns the functions of the package that may be retry
// helpers: those that take a func and name a retry or such a function, to
// a fixed point. The model's helpers (findRetries) are among them: each
// passes its func to a retry it names.
func (g *testFilter) mayBeHelpers() map[*types.Func]bool {
	names := g.localNames()
	helpers := make(map[*types.Func]bool)
	for fn := range g.retrying {
		helpers[fn] = upstream.FirstFuncParam(fn) >= 0
	}
	fns := slices.SortedFunc(maps.Keys(names), func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	graph.Saturate(fns, func(fn *types.Func) bool {
		if helpers[fn] || upstream.FirstFuncParam(fn) < 0 || !slices.ContainsFunc(names[fn], func(n *types.Func) bool { return helpers[n] }) {
			return false
		}
		helpers[fn] = true
		return true
	})
	return helpers
}

// localNames returns, for each function of the package that takes a
// func, the functions of the package its declaration names.
func (g *testFilter) localNames() map[*types.Func][]*types.Func {
	names := make(map[*types.Func][]*types.Func)
	for fn, fd := range syntax.FuncDecls(g.pass.TypesInfo, g.pass.Files) {
		if upstream.FirstFuncParam(fn) < 0 {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if used, ok := g.pass.TypesInfo.Uses[id].(*types.Func); ok && used.Pkg() == g.pass.Pkg {
					names[fn] = append(names[fn], used.Origin())
				}
			}
			return true
		})
	}
	return names
}

// enclosingFunc returns the function or method whose declaration in f
// holds pos, or nil.
func enclosingFunc(info *types.Info, f *ast.File, pos token.Pos) *types.Func {
	k, _ := slices.BinarySearchFunc(f.Decls, pos, func(d ast.Decl, pos token.Pos) int {
		if d.End() <= pos {
			return -1
		}
		return 1
	})
	if k == len(f.Decls) || f.Decls[k].Pos() > pos {
		return nil
	}
	fd, ok := f.Decls[k].(*ast.FuncDecl)
	if !ok {
		return nil
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	return fn
}

// leavesAllOutByTestFiles reports whether the gate leaves every test file
// out, deciding from the test files' own identifiers where it can: when no
// test file calls a function of the package that takes a func (which
// would take the other files to judge). For a unit that needs nothing
// else from the use pass when that is so (see coveredVariant); the gate
// is spent.
func (g *testFilter) leavesAllOutByTestFiles() bool {
	if g.all || !g.anyTests || slices.Contains(g.kept, true) {
		return false
	}
	if !g.mayNameRetry() {
		// No file names a retry, so no function of the package may be a
		// retry helper either: settle would keep nothing.
		return true
	}
	// Nothing is kept yet, so the fixed point of settle can keep nothing
	// but what names a retry: every test file is left out unless one names
	// a retry, or a function of the package that takes a func (which may
	// be a retry helper, judged from the other files). Only identifiers
	// with such a name are looked up.
	names := g.namesThatMayKeep()
	found := false
	for i, f := range g.pass.Files {
		if !g.isTest[i] || found {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// A sibling visited after the find must not reset it.
			if id, ok := n.(*ast.Ident); ok && !found && names[id.Name] {
				if fn, ok := g.pass.TypesInfo.Uses[id].(*types.Func); ok {
					found = g.isRetry(fn) || fn.Pkg() == g.pass.Pkg && upstream.FirstFuncParam(fn) >= 0
				}
			}
			return !found
		})
	}
	return !found
}

// namesThatMayKeep returns the names of the functions a test file that
// names one may be kept for: the retries the gate counts (tabled, by
// fact, configured) and the functions of the package that take a func.
func (g *testFilter) namesThatMayKeep() map[string]bool {
	names := make(map[string]bool)
	for k := range upstream.RetryFuncs {
		names[k.Name] = true
	}
	for obj := range g.retries {
		names[obj.Name()] = true
	}
	for _, w := range g.opts.RetryWrappers {
		names[w[strings.LastIndex(w, ".")+1:]] = true
	}
	for _, obj := range g.pass.TypesInfo.Defs { // interface methods too
		if fn, ok := obj.(*types.Func); ok && upstream.FirstFuncParam(fn) >= 0 {
			names[fn.Name()] = true
		}
	}
	return names
}

// mayNameRetry reports whether a file of the package may name a retry
// the gate counts, from the files' imports: a function of another package
// is named only in a file that imports its package. A method can be named
// without, so a retry helper that is a method, or any configured wrapper,
// answers yes.
func (g *testFilter) mayNameRetry() bool {
	if len(g.opts.RetryWrappers) > 0 {
		return true
	}
	paths := make(map[string]bool)
	for k := range upstream.RetryFuncs {
		paths[k.Pkg] = true
	}
	for obj := range g.retries {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
			return true
		}
		paths[syntax.PkgPath(fn.Pkg())] = true
	}
	for _, f := range g.pass.Files {
		for _, spec := range f.Imports {
			if name := g.pass.TypesInfo.PkgNameOf(spec); name != nil && paths[syntax.PkgPath(name.Imported())] {
				return true
			}
		}
	}
	return false
}

// walks reports whether the model walks file i.
func (g *testFilter) walks(i int) bool { return !g.isTest[i] || g.all || g.kept[i] }

// leavesOut reports whether the model leaves some test file out.
func (g *testFilter) leavesOut() bool {
	for i := range g.isTest {
		if !g.walks(i) {
			return true
		}
	}
	return false
}

// leavesAllOut reports whether the package has test files and the model
// walks none of them.
func (g *testFilter) leavesAllOut() bool {
	return g.anyTests && !g.all && !slices.Contains(g.kept, true)
}

// keepAllIfAny keeps every test file when one is kept: for a pass that
// notes no uses, which cannot follow a kept file's helpers.
func (g *testFilter) keepAllIfAny() *testFilter {
	g.all = g.all || slices.Contains(g.kept, true)
	return g
}

// modelFiles returns the files the model reads declarations from: the
// product files and the test files it walks.
func (g *testFilter) modelFiles() []*ast.File {
	if !g.leavesOut() {
		return g.pass.Files
	}
	var out []*ast.File
	for i, f := range g.pass.Files {
		if g.walks(i) {
			out = append(out, f)
		}
	}
	return out
}

// drop leaves the test files left out out of walked and calls, and the
// use pass's notes in them out of scan.
func (g *testFilter) drop(walked []bool, calls [][]*types.Func, scan *useScan, fileOf func(token.Pos) int) {
	for i := range g.isTest {
		if !g.walks(i) {
			walked[i], calls[i] = false, nil
		}
	}
	leftOut := func(pos token.Pos) bool { return !g.walks(fileOf(pos)) }
	scan.timerAt = slices.DeleteFunc(scan.timerAt, leftOut)
	scan.resyncAt = slices.DeleteFunc(scan.resyncAt, leftOut)
}

// exportsToExternalTest returns, for each file, whether it is a test file
// of an in-package test that declares a function the external test
// package can call: an exported function that is no test entry point, or
// a method of an exported type.
func (g *testFilter) exportsToExternalTest() []bool {
	out := make([]bool, len(g.pass.Files))
	if strings.HasSuffix(g.pass.Pkg.Name(), "_test") {
		return out // an external test package: nothing imports it
	}
	for i, f := range g.pass.Files {
		out[i] = g.isTest[i] && slices.ContainsFunc(f.Decls, func(d ast.Decl) bool {
			fd, ok := d.(*ast.FuncDecl)
			return ok && g.callableFromOutside(fd)
		})
	}
	return out
}

func (g *testFilter) callableFromOutside(fd *ast.FuncDecl) bool {
	fn, _ := g.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || !fn.Exported() {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		named, _ := types.Unalias(derefType(recv.Type())).(*types.Named)
		return named != nil && named.Obj().Exported()
	}
	return !isTestEntryPoint(fn)
}

// isTestEntryPoint reports whether fn is run by go test: TestXxx,
// BenchmarkXxx and FuzzXxx taking a *testing value first (TestMain too),
// and ExampleXxx without parameters.
func isTestEntryPoint(fn *types.Func) bool {
	name, params := fn.Name(), fn.Signature().Params()
	if strings.HasPrefix(name, "Example") {
		return params.Len() == 0
	}
	if !strings.HasPrefix(name, "Test") && !strings.HasPrefix(name, "Benchmark") && !strings.HasPrefix(name, "Fuzz") {
		return false
	}
	if params.Len() == 0 {
		return false
	}
	named, _ := types.Unalias(derefType(params.At(0).Type())).(*types.Named)
	return named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "testing"
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
