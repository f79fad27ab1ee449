package analyzer_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// FuzzPartiallyTyped runs the whole suite, model included, on the scenario
// packages of testdata/src after breaking them. The fuzzer picks a
// package, a list of mutations (drop an import, delete a declaration,
// rename a type, misspell a callee, add, drop or swap arguments, drop a
// return value, delete a statement, make an identifier undefined, retype a
// literal, drop a struct field, turn a method into a function or empty its
// receiver list, drop the keys of a literal, declare a function twice,
// unbalance an assignment) and whether function bodies are type-checked
// at all: go/packages skips them in a dependency that it loads from source
// only because it imports a test variant, and a package-level use of the
// API (mutation 0) makes the model walk such a package. The result
// type-checks with errors, or with holes in its type information; the
// suite runs on it as a driver runs it (the model and listermutation
// RunDespiteErrors) and must not panic: its guard turns a panic into a
// diagnostic of category InternalError, which fails the test. The seeds run
// as an ordinary test, a few mutations of every scenario package:
//
//	go test ./analyzer -run FuzzPartiallyTyped
//	go test ./analyzer -run '^$' -fuzz FuzzPartiallyTyped -fuzztime 5m
func FuzzPartiallyTyped(f *testing.F) {
	corpus := loadScenarios(f)
	for i := range corpus.pkgs {
		for _, seed := range partialSeeds(i) {
			f.Add(uint16(i), seed.ops, seed.skipBodies)
		}
	}
	for _, seed := range partialRegressions {
		i := slices.IndexFunc(corpus.pkgs, func(p *packages.Package) bool { return p.PkgPath == seed.pkg })
		if i < 0 {
			f.Fatalf("no scenario package %s", seed.pkg)
		}
		var ops []byte
		for _, m := range seed.mutations {
			kind := slices.IndexFunc(mutations, func(x mutation) bool { return x.name == m.name })
			if kind < 0 {
				f.Fatalf("no mutation %q", m.name)
			}
			ops = append(ops, byte(kind), m.where)
		}
		f.Add(uint16(i), ops, false)
	}
	f.Fuzz(func(t *testing.T, pkg uint16, ops []byte, skipBodies bool) {
		if len(ops) > 16 {
			ops = ops[:16]
		}
		p := corpus.pkgs[int(pkg)%len(corpus.pkgs)]
		files, ok := corpus.mutate(p, ops)
		if !ok {
			t.Skip("mutated source does not parse")
		}
		corpus.check(t, p, files, skipBodies)
	})
}

// partialRegressions are inputs the fuzzer found crashes with, by package
// path and mutation names, so that they stay seeds when scenario packages
// or mutations come and go.
var partialRegressions = []struct {
	pkg       string
	mutations []partialOp
}{
	{"listermutation/handlers", []partialOp{{"drop the keys of a literal", 48}}},      // an event handler literal without field names (Cache.findHandlers)
	{"kube/model", []partialOp{{"drop an argument", 48}}},                             // a retry helper called without its func argument (retryArg)
	{"realbugs/fluxoperator_removefinalizers", []partialOp{{"retype a literal", 50}}}, // a range over a value of an undefined type (rangesOverChannel)
	{"unretriedupdate/fate", []partialOp{{"drop an import", 48}}},                     // an argument without a type (isPlainValue)
	// append to an address (effects.appendsTo)
	{"crosspkg/controller", []partialOp{{"declare a function twice", 'N'}, {"swap two arguments", '0'}, {"unbalance an assignment", ' '}}},
}

// partialOp is one mutation of a regression seed, by name.
type partialOp struct {
	name  string
	where byte
}

type partialSeed struct {
	ops        []byte
	skipBodies bool
}

// partialSeeds returns the seeds of the i-th scenario package: one with
// three mutations, their kinds rotating from one package to the next so
// that every kind meets more than a dozen packages; and, for every third
// package, its bodies left unchecked with a package-level use of the API.
func partialSeeds(i int) []partialSeed {
	var ops []byte
	for j := range 3 {
		kind := byte(1 + (3*i+j)%(len(mutations)-1))
		ops = append(ops, kind, byte(5*i+7*j))
	}
	seeds := []partialSeed{{ops, false}}
	if i%3 == 0 {
		seeds = append(seeds, partialSeed{[]byte{0, byte(i)}, true})
	}
	return seeds
}

// scenarios is the scenario packages of testdata/src, loaded once with the
// types of everything they import. The few scenario packages that others
// import (crosspkg/kubeutil, listermutation/helpers) are type-checked from
// source on first use, so that the suite runs on them too and the
// package under test sees their facts; the stubs are used as types only,
// as a driver uses export data. It is not for concurrent use (fuzzing runs
// inputs one at a time in each process).
type scenarios struct {
	fset   *token.FileSet
	pkgs   []*packages.Package
	deps   map[string]*packages.Package // by path, with types only
	roots  map[string]bool              // the top directories of scenario packages
	source map[string]*packages.Package // scenario dependencies with syntax
}

var (
	scenariosOnce sync.Once
	scenariosVal  *scenarios
	scenariosErr  error
	partialSuite  []*analysis.Analyzer
)

func loadScenarios(t testing.TB) *scenarios {
	scenariosOnce.Do(func() {
		scenariosVal, scenariosErr = newScenarios(testdir.Path(t))
		partialSuite = analyzer.Default()
	})
	if scenariosErr != nil {
		t.Fatal(scenariosErr)
	}
	return scenariosVal
}

func newScenarios(td string) (*scenarios, error) {
	entries, err := os.ReadDir(filepath.Join(td, "src"))
	if err != nil {
		return nil, err
	}
	s := &scenarios{
		fset:   token.NewFileSet(),
		deps:   make(map[string]*packages.Package),
		roots:  make(map[string]bool),
		source: make(map[string]*packages.Package),
	}
	var patterns []string
	for _, e := range entries {
		if e.IsDir() && !strings.Contains(e.Name(), ".") {
			patterns = append(patterns, e.Name()+"/...")
			s.roots[e.Name()] = true
		}
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedTypesSizes,
		Dir:  filepath.Join(td, "src"),
		Fset: s.fset,
		Env:  append(os.Environ(), "GOPATH="+td, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil {
			s.deps[p.PkgPath] = p
		}
	})
	for _, p := range pkgs {
		if len(p.GoFiles) > 0 {
			s.pkgs = append(s.pkgs, p)
		}
	}
	slices.SortFunc(s.pkgs, func(a, b *packages.Package) int { return strings.Compare(a.PkgPath, b.PkgPath) })
	if len(s.pkgs) < 20 {
		return nil, fmt.Errorf("only %d scenario packages loaded", len(s.pkgs))
	}
	return s, nil
}

// mutate parses p's files and applies ops, read as pairs (kind, where), to
// them; it returns the source of every file, or false when a mutation
// left one that does not parse.
func (s *scenarios) mutate(p *packages.Package, ops []byte) (map[string][]byte, bool) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, false
		}
		files = append(files, f)
	}
	touched := make(map[*ast.File]bool)
	for i := 0; i+1 < len(ops); i += 2 {
		m := mutations[int(ops[i])%len(mutations)]
		if f := m.apply(fset, files, int(ops[i+1])); f != nil {
			touched[f] = true
		}
	}
	out := make(map[string][]byte)
	for i, f := range files {
		name := p.GoFiles[i]
		if !touched[f] {
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, false
			}
			out[name] = src
			continue
		}
		var buf bytes.Buffer
		if err := format.Node(&buf, fset, f); err != nil {
			return nil, false
		}
		if _, err := parser.ParseFile(token.NewFileSet(), name, buf.Bytes(), 0); err != nil {
			return nil, false
		}
		out[name] = buf.Bytes()
	}
	return out, true
}

// typeCheck parses files (by name, in order) into s.fset and type-checks
// them as the package at path, skipping function bodies if skipBodies. It
// returns the package as a driver hands it to the checker, type errors
// and all.
func (s *scenarios) typeCheck(path, name string, names []string, files map[string][]byte, skipBodies bool) (*packages.Package, error) {
	var syntax []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(s.fset, n, files[n], parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		syntax = append(syntax, f)
	}
	info := fullTypesInfo()
	var typeErrs []types.Error
	imports := make(map[string]*packages.Package)
	conf := types.Config{
		IgnoreFuncBodies: skipBodies,
		Importer: importerFunc(func(path string) (*types.Package, error) {
			d, err := s.dependency(path)
			if err != nil {
				return nil, err
			}
			imports[path] = d
			return d.Types, nil
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				typeErrs = append(typeErrs, te)
			}
		},
	}
	tpkg, _ := conf.Check(path, s.fset, syntax, info)
	return &packages.Package{
		ID: path, Name: name, PkgPath: path,
		GoFiles: names, CompiledGoFiles: names,
		Fset: s.fset, Syntax: syntax,
		Types: tpkg, TypesInfo: info, TypesSizes: types.SizesFor("gc", "amd64"),
		TypeErrors: typeErrs, IllTyped: len(typeErrs) > 0,
		Imports: imports,
	}, nil
}

// dependency returns the package at path as the package under test
// imports it: a scenario package type-checked from its source, anything
// else with types only.
func (s *scenarios) dependency(path string) (*packages.Package, error) {
	d := s.deps[path]
	if d == nil {
		return nil, fmt.Errorf("no package %q", path)
	}
	first, _, _ := strings.Cut(path, "/")
	if !s.roots[first] {
		return d, nil
	}
	if p := s.source[path]; p != nil {
		return p, nil
	}
	files := make(map[string][]byte)
	for _, name := range d.GoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[name] = src
	}
	p, err := s.typeCheck(path, d.Name, d.GoFiles, files, false)
	if err != nil {
		return nil, err
	}
	s.source[path] = p
	return p, nil
}

// check type-checks files as the scenario package p (skipping function
// bodies if skipBodies), runs the suite on the result, in the package
// view and in the whole-program view, and fails on a
// panic, which the suite's guard reports as an InternalError diagnostic,
// and on any error but the checker's "skipped because of type errors".
func (s *scenarios) check(t *testing.T, p *packages.Package, files map[string][]byte, skipBodies bool) {
	// The mutated files go to disk, where the suite's fixes read them.
	dir := t.TempDir()
	written := make(map[string][]byte)
	var names []string
	for _, name := range p.GoFiles {
		to := filepath.Join(dir, filepath.Base(name))
		if err := os.WriteFile(to, files[name], 0o644); err != nil {
			t.Fatal(err)
		}
		written[to] = files[name]
		names = append(names, to)
	}
	pkg, err := s.typeCheck(p.PkgPath, p.Name, names, written, skipBodies)
	if err != nil {
		t.Skipf("mutated source does not parse: %v", err)
	}
	// The suite as go vet runs it, then as the standalone command does,
	// with the whole program's evidence (here the package alone).
	s.analyze(t, "package view", partialSuite, pkg, skipBodies, written, names)
	var opts upstream.Options
	analyzer.SeeWholeProgram(&opts, []*packages.Package{pkg})
	s.analyze(t, "whole-program view", (&analyzer.Config{Model: opts}).Analyzers(), pkg, skipBodies, written, names)
}

// analyze runs suite on pkg and fails on a panic or an error, as check
// says.
func (s *scenarios) analyze(t *testing.T, view string, suite []*analysis.Analyzer, pkg *packages.Package, skipBodies bool, written map[string][]byte, names []string) {
	graph, err := checker.Analyze(suite, []*packages.Package{pkg}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		failure := act.Err
		if failure != nil && strings.Contains(failure.Error(), "analysis skipped due to errors in package") {
			failure = nil
		}
		for _, d := range act.Diagnostics {
			if d.Category == analyzer.InternalError { // a panic, recovered by the suite's guard
				failure = errors.New(d.Message)
			}
		}
		if failure != nil {
			t.Errorf("%s on %s, %s (%d type errors, bodies skipped: %v): %v\n%s", act.Analyzer.Name, act.Package.PkgPath, view, len(pkg.TypeErrors), skipBodies, failure, mutatedSource(written, names))
		}
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// mutatedSource returns the files for a failure message, each under its
// name.
func mutatedSource(files map[string][]byte, names []string) string {
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "--- %s\n%s\n", filepath.Base(name), files[name])
	}
	return b.String()
}

// A mutation breaks the where-th (modulo their number) of the nodes it
// knows how to break, in one of files; it returns the file it changed, or
// nil when there was nothing to break.
type mutation struct {
	name  string
	apply func(fset *token.FileSet, files []*ast.File, where int) *ast.File
}

var mutations = []mutation{
	// Not a break but what a package with unchecked bodies needs to be
	// modeled at all: a use of a modeled function outside any function
	// body; and exported builders whose facts the model computes from
	// their bodies (kueue's pod package had both).
	{"use the API at package level", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		if len(files) == 0 {
			return nil
		}
		f := files[where%len(files)]
		astutil.AddNamedImport(fset, f, "mentionedRetry", "k8s.io/client-go/util/retry")
		astutil.AddNamedImport(fset, f, "mentionedCore", "k8s.io/api/core/v1")
		extra, err := parser.ParseFile(token.NewFileSet(), "extra.go", packageLevelUses, parser.SkipObjectResolution)
		if err != nil {
			panic(err)
		}
		f.Decls = append(f.Decls, extra.Decls...)
		return f
	}},
	{"drop an import", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pick(files, where, func(f *ast.File, yield func(func())) {
			for _, d := range f.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
					for i := range gd.Specs {
						yield(func() { gd.Specs = slices.Delete(gd.Specs, i, i+1) })
					}
				}
			}
		})
	}},
	{"delete a declaration", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pick(files, where, func(f *ast.File, yield func(func())) {
			for i, d := range f.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
					continue
				}
				yield(func() { f.Decls = slices.Delete(f.Decls, i, i+1) })
			}
		})
	}},
	{"rename a type", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if ts, ok := n.(*ast.TypeSpec); ok {
				return func() { ts.Name.Name += "Renamed" }
			}
			return nil
		})
	}},
	{"misspell a callee", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return nil
			}
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				return func() { fun.Name += "Missing" }
			case *ast.SelectorExpr:
				return func() { fun.Sel.Name += "Missing" }
			}
			return nil
		})
	}},
	{"add an argument", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if call, ok := n.(*ast.CallExpr); ok && call.Ellipsis == token.NoPos {
				return func() { call.Args = append(call.Args, ast.NewIdent("nil")) }
			}
			return nil
		})
	}},
	{"drop an argument", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 0 {
				return func() { call.Args = call.Args[:len(call.Args)-1]; call.Ellipsis = token.NoPos }
			}
			return nil
		})
	}},
	{"drop a return value", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
				return func() { ret.Results = ret.Results[1:] }
			}
			return nil
		})
	}},
	{"delete a statement", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if b, ok := n.(*ast.BlockStmt); ok && len(b.List) > 0 {
				return func() { b.List = b.List[1:] }
			}
			return nil
		})
	}},
	{"make an identifier undefined", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pick(files, where, func(f *ast.File, yield func(func())) {
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && id != f.Name && id.Name != "_" {
					yield(func() { id.Name = "undefinedName" })
				}
				return true
			})
		})
	}},
	{"retype a literal", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if lit, ok := n.(*ast.CompositeLit); ok && lit.Type != nil {
				return func() { lit.Type = ast.NewIdent("UndefinedType") }
			}
			return nil
		})
	}},
	{"drop a struct field", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if st, ok := n.(*ast.StructType); ok && st.Fields != nil && len(st.Fields.List) > 0 {
				return func() { st.Fields.List = st.Fields.List[1:] }
			}
			return nil
		})
	}},
	{"turn a method into a function", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if fd, ok := n.(*ast.FuncDecl); ok && fd.Recv != nil {
				return func() { fd.Recv = nil }
			}
			return nil
		})
	}},
	{"empty a receiver list", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if fd, ok := n.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) > 0 {
				return func() { fd.Recv.List = nil } // func () M(): a function, with an error
			}
			return nil
		})
	}},
	{"drop the keys of a literal", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) == 0 {
				return nil
			}
			if _, ok := lit.Elts[0].(*ast.KeyValueExpr); !ok {
				return nil
			}
			return func() {
				for i, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						lit.Elts[i] = kv.Value
					}
				}
			}
		})
	}},
	{"declare a function twice", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pick(files, where, func(f *ast.File, yield func(func())) {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					yield(func() { f.Decls = append(f.Decls, fd) })
				}
			}
		})
	}},
	{"swap two arguments", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 1 {
				return func() { call.Args[0], call.Args[1] = call.Args[1], call.Args[0] }
			}
			return nil
		})
	}},
	{"unbalance an assignment", func(fset *token.FileSet, files []*ast.File, where int) *ast.File {
		return pickNodes(files, where, func(n ast.Node) func() {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) > 1 {
				return func() { as.Lhs = as.Lhs[:len(as.Lhs)-1] }
			}
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && as.Tok == token.DEFINE {
				return func() { as.Lhs = append(as.Lhs, ast.NewIdent("extra")) }
			}
			return nil
		})
	}},
}

const packageLevelUses = `package p

var _ = mentionedRetry.RetryOnConflict

func MentionedBuild() *mentionedCore.ConfigMap { return &mentionedCore.ConfigMap{} }

func MentionedBuildAll() []mentionedCore.ConfigMap { return []mentionedCore.ConfigMap{{}} }
`

// pick runs the where-th (modulo their number) of the edits that each
// yields for files, and returns the file it edited, or nil when there is
// none.
func pick(files []*ast.File, where int, each func(f *ast.File, yield func(func()))) *ast.File {
	type edit struct {
		f  *ast.File
		do func()
	}
	var edits []edit
	for _, f := range files {
		each(f, func(do func()) { edits = append(edits, edit{f, do}) })
	}
	if len(edits) == 0 {
		return nil
	}
	e := edits[where%len(edits)]
	e.do()
	return e.f
}

// pickNodes is pick over the nodes of files: edit returns the change it
// would make to a node, or nil.
func pickNodes(files []*ast.File, where int, edit func(ast.Node) func()) *ast.File {
	return pick(files, where, func(f *ast.File, yield func(func())) {
		ast.Inspect(f, func(n ast.Node) bool {
			if do := edit(n); do != nil {
				yield(do)
			}
			return true
		})
	})
}
