package kube

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// testGate decides whether the model walks a package's _test.go files.
// Only one check reads them unless a check reports writes in them
// (unretriedupdate's strict mode): retryreget, on the retries a test
// file makes. So when no check reports test writes, the test files are
// walked only when one of them names a retry (a tabled retry function, a
// configured wrapper, another package's retry helper, or a function of
// the package that takes a func, which may be a retry helper), or when
// they declare functions the external test package can call (whose facts
// its retries may need). Otherwise they are left out as a whole, with what
// the use pass noted in them, and a test variant is modeled as its
// package is.
type testGate struct {
	pass     *analysis.Pass
	opts     *api.Options
	isTest   []bool
	retries  map[types.Object]bool // other packages' retry helpers
	needed   bool                  // the test files are walked
	anyTests bool
}

// newTestGate returns the gate of pass; testWrites tells whether a check
// reports writes in test files (asked only of a package that has test
// files), and facts are those pass sees.
func newTestGate(pass *analysis.Pass, facts []analysis.ObjectFact, opts *api.Options, testWrites func() bool) *testGate {
	g := &testGate{pass: pass, opts: opts, isTest: make([]bool, len(pass.Files))}
	for i, f := range pass.Files {
		g.isTest[i] = syntax.InTestFile(pass.Fset, f.Pos())
		g.anyTests = g.anyTests || g.isTest[i]
	}
	if !g.anyTests {
		return g
	}
	if g.needed = testWrites(); g.needed {
		return g
	}
	g.retries = make(map[types.Object]bool)
	for _, f := range facts {
		if _, ok := f.Fact.(*RetriesFact); ok {
			g.retries[f.Object] = true
		}
	}
	g.needed = g.exportsToExternalTest()
	return g
}

// note records whether the use id of obj names a retry in a test file.
func (g *testGate) note(id *ast.Ident, obj types.Object, fileOf func(token.Pos) int) {
	if g.needed || !g.anyTests {
		return
	}
	fn, ok := obj.(*types.Func)
	if !ok || !g.mayRetry(fn) {
		return
	}
	if i := fileOf(id.Pos()); i >= 0 && g.isTest[i] {
		g.needed = true
	}
}

// mayRetry reports whether a call of fn can make a retry scope.
func (g *testGate) mayRetry(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if fn.Pkg() == g.pass.Pkg {
		return api.FirstFuncParam(fn) >= 0
	}
	_, tabled := api.RetryFuncs[api.FuncKeyOf(fn)]
	return tabled || g.retries[fn.Origin()] || g.opts.RetryWrappers.Has(fn)
}

// leftOut reports whether the model leaves the test files out.
func (g *testGate) leftOut() bool { return g.anyTests && !g.needed }

// modelFiles returns the files the model reads declarations from: the
// product files when the test files are left out, else every file.
func (g *testGate) modelFiles() []*ast.File {
	if !g.leftOut() {
		return g.pass.Files
	}
	var out []*ast.File
	for i, f := range g.pass.Files {
		if !g.isTest[i] {
			out = append(out, f)
		}
	}
	return out
}

// drop leaves the test files out of walked and calls, and the use pass's
// notes in them out of scan.
func (g *testGate) drop(walked []bool, calls [][]*types.Func, scan *useScan) {
	for i, test := range g.isTest {
		if test {
			walked[i], calls[i] = false, nil
		}
	}
	inTest := func(pos token.Pos) bool { return syntax.InTestFile(g.pass.Fset, pos) }
	scan.timerAt = slices.DeleteFunc(scan.timerAt, inTest)
	scan.resyncAt = slices.DeleteFunc(scan.resyncAt, inTest)
}

// exportsToExternalTest reports whether a test file of an in-package test
// declares a function the external test package can call: an exported
// function that is no test entry point, or a method of an exported type.
func (g *testGate) exportsToExternalTest() bool {
	if strings.HasSuffix(g.pass.Pkg.Name(), "_test") {
		return false // an external test package: nothing imports it
	}
	for i, f := range g.pass.Files {
		if !g.isTest[i] {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && g.callableFromOutside(fd) {
				return true
			}
		}
	}
	return false
}

func (g *testGate) callableFromOutside(fd *ast.FuncDecl) bool {
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
