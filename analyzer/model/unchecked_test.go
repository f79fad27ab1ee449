package model

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// uncheckedBodies is the smallest package on which the model crashed on
// kubernetes-sigs/kueue (pkg/controller/jobs/pod, analyzed for the test of
// pkg/controller/jobframework). go/packages loads a dependency from source,
// and skips its function bodies (IgnoreFuncBodies), when it imports a
// test variant of a package being analyzed: the dependency then has files
// and type information for its declarations, none for what is inside a
// body. A modeled use outside any body (kueue: a package-level error built
// by a function with a NeverNilErrorFact) made the model walk the package,
// the export of facts asked whether the exported builder returns a fresh object,
// and freshLiteral took the type of a composite literal the type checker
// never saw: nil.
const uncheckedBodies = `package builders

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
)

var _ = retry.RetryOnConflict

func Build() *corev1.ConfigMap {
	return &corev1.ConfigMap{}
}
`

// checkBuilders type-checks uncheckedBodies against the stub tree, its
// function bodies skipped when skipBodies is set, and returns a Pass over
// it that records the facts exported.
func checkBuilders(t *testing.T, skipBodies bool) (*analysis.Pass, *[]analysis.Fact) {
	t.Helper()
	fset, byPath := builderImports(t)
	f, err := parser.ParseFile(fset, "builders.go", uncheckedBodies, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{
		IgnoreFuncBodies: skipBodies,
		Importer:         byPath,
	}
	pkg, err := conf.Check("builders", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	var exported []analysis.Fact
	pass := &analysis.Pass{
		Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		Report:           func(analysis.Diagnostic) {},
		ImportObjectFact: func(types.Object, analysis.Fact) bool { return false },
		ExportObjectFact: func(_ types.Object, fact analysis.Fact) { exported = append(exported, fact) },
		AllObjectFacts:   func() []analysis.ObjectFact { return nil },
	}
	return pass, &exported
}

var (
	builderImportsOnce sync.Once
	builderFset        *token.FileSet
	builderStubs       importerOf
	builderErr         error
)

// builderImports loads, once, the stub packages uncheckedBodies imports.
func builderImports(t *testing.T) (*token.FileSet, importerOf) {
	builderImportsOnce.Do(func() {
		td := testdir.Path(t)
		builderFset = token.NewFileSet()
		deps, err := packages.Load(&packages.Config{
			Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
			Dir:  filepath.Join(td, "src"),
			Fset: builderFset,
			Env:  append(os.Environ(), "GOPATH="+td, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
		}, "k8s.io/api/core/v1", "k8s.io/client-go/util/retry")
		if err != nil {
			builderErr = err
			return
		}
		builderStubs = make(importerOf)
		for _, d := range deps {
			if d.Types == nil || len(d.Errors) > 0 {
				builderErr = fmt.Errorf("stub %s: %v", d.PkgPath, d.Errors)
				return
			}
			builderStubs[d.PkgPath] = d.Types
		}
	})
	if builderErr != nil {
		t.Fatal(builderErr)
	}
	return builderFset, builderStubs
}

type importerOf map[string]*types.Package

func (m importerOf) Import(path string) (*types.Package, error) {
	if p := m[path]; p != nil {
		return p, nil
	}
	return nil, os.ErrNotExist
}

// TestUncheckedBodies runs the model on the package as kueue's driver
// loaded it: it must not panic, and it models nothing, as for a
// dependency loaded from export data. With its bodies type-checked, the
// same package is modeled, and Build gets its fact.
func TestUncheckedBodies(t *testing.T) {
	for _, skip := range []bool{true, false} {
		pass, exported := checkBuilders(t, skip)
		pass.Analyzer = New(&upstream.Options{})
		got, err := pass.Analyzer.Run(pass)
		if err != nil {
			t.Fatal(err)
		}
		res := got.(*Result)
		if skip && (res.Relevant() || len(*exported) > 0) {
			t.Errorf("bodies not type-checked: relevant %v, facts %v; want an empty model", res.Relevant(), *exported)
		}
		if !skip && (len(*exported) != 1 || (*exported)[0].(*FreshBuildFact).Result != 0) {
			t.Errorf("bodies type-checked: facts %v; want freshBuild(result 0) for Build", *exported)
		}
	}
}

// TestFreshResultOfUncheckedBody takes the crash's own path, past the
// model's gate: whether Build returns a fresh object is unknown when its
// body was not type-checked, and neither the summaries nor the question
// may panic.
func TestFreshResultOfUncheckedBody(t *testing.T) {
	pass, _ := checkBuilders(t, true)
	decls := collectDecls(pass.TypesInfo, pass.Pkg, pass.Files)
	none, objects := new(writesAndReads), make(objectTypes)
	judge := newVersionJudge(pass.TypesInfo, decls.decls, none, objects, summarizeBuilders(pass, decls.decls, objects), nil)
	build, _ := pass.Pkg.Scope().Lookup("Build").(*types.Func)
	if build == nil || decls.decls[build] == nil {
		t.Fatal("Build is not among the declarations")
	}
	if r := judge.freshResultOf(build); r != -1 {
		t.Errorf("freshResultOf(Build) = %d with its body unchecked, want -1", r)
	}
}
