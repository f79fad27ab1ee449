package model_test

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// newProbe returns an analyzer that reports everything the model, built
// with opts, found, so that `// want` comments in testdata/src/kube pin
// the model down.
func newProbe(opts upstream.Options) *analysis.Analyzer {
	modelAnalyzer := model.New(&opts)
	return &analysis.Analyzer{
		Name:     "probe",
		Doc:      "report the kube model",
		Requires: []*analysis.Analyzer{modelAnalyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[modelAnalyzer].(*model.Result)
			if !res.Relevant() {
				pass.Reportf(pass.Files[0].Package, "not relevant")
			}
			for _, w := range res.Writes() {
				scoped := ""
				if w.Scope != nil {
					scoped = " in scope"
				}
				pass.Reportf(w.Call.Pos(), "write %s %s via %s%s", w.Kind, w.Object.Name(), types.ExprString(w.Client), scoped)
			}
			for _, r := range res.Reads() {
				pass.Reportf(r.Node.Pos(), "read %s", r.Object.Name())
			}
			for _, s := range res.Scopes() {
				pass.Reportf(s.Body.Pos(), "scope of %s", s.Callee.Name())
			}
			for fn, i := range res.RetryHelpers() {
				if fn.Pkg() == pass.Pkg {
					pass.Reportf(fn.Pos(), "retry helper param %d", i)
				}
			}
			for _, c := range res.ConflictChecks() {
				pass.Reportf(c.Pos(), "conflict check")
			}
			return nil, nil
		},
	}
}

func TestModel(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), newProbe(upstream.Options{}), "kube/model", "kube/nokube", "kube/quiet")
}

// walked reports each file the model walks, at its package clause.
var walked = &analysis.Analyzer{
	Name:     "walked",
	Doc:      "report the files the model walks",
	Requires: []*analysis.Analyzer{modelAnalyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[modelAnalyzer].(*model.Result)
		for _, f := range res.Files() {
			pass.Reportf(f.Package, "walked")
		}
		return nil, nil
	},
}

// model is a model analyzer with the default options.
var modelAnalyzer = model.New(&upstream.Options{})

func TestWalkedFiles(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), walked, "kube/files", "nokube")
}

// TestDependencyWithoutSyntax runs the model as a driver does on a
// dependency loaded from export data: no files and no type information.
func TestDependencyWithoutSyntax(t *testing.T) {
	client := types.NewPackage("sigs.k8s.io/controller-runtime/pkg/client", "client")
	dep := types.NewPackage("example.com/dep", "dep")
	dep.SetImports([]*types.Package{client})
	pass := &analysis.Pass{Analyzer: modelAnalyzer, Pkg: dep}
	got, err := modelAnalyzer.Run(pass)
	if err != nil {
		t.Fatal(err)
	}
	if res := got.(*model.Result); res.Relevant() || len(res.Writes()) > 0 {
		t.Errorf("a package without files was modeled: %+v", res)
	}
}

// TestFacts checks the facts exported for helper packages; the package
// that uses them is checked by the unretriedupdate tests.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), modelAnalyzer, "crosspkg/kubeutil", "crosspkg/opaque", "nokube")
}

// TestCrossPackageReads checks that read facts of another package, and
// configured retry wrappers and read helpers, reach the model.
func TestCrossPackageReads(t *testing.T) {
	var opts upstream.Options
	if err := opts.RetryWrappers.Set("crosspkg/opaque.Again"); err != nil {
		t.Fatal(err)
	}
	if err := opts.ReadHelpers.Set("crosspkg/opaque.Load, (*crosspkg/kubeutil.Store).Unused"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdir.Path(t), newProbe(opts), "crosspkg/reader", "kube/nokube", "kube/quiet")
}

// TestTestFileGate checks which files the model walks in each package
// unit of kube/testgate, for a suite whose checks report writes in test
// files (strict) and for one whose checks do not: then a test file is
// walked only where it names a retry (a tabled one, or a function of the
// package that takes a func and names a retry), declares a function the
// external test package can call, or declares a helper such a file uses.
// With a driver that analyzes each package as itself too (covered), a
// test variant whose test files are all left out models nothing, and one
// that walks test files walks only the product files they call into.
func TestTestFileGate(t *testing.T) {
	product := []string{"noretry noretry.go", "noretry [tests] noretry.go", "retrying retrying.go",
		"retrying [tests] retrying.go", "helper helper.go", "helper [tests] helper.go",
		"exports exports.go", "exports [tests] exports.go", "retrier retrier.go",
		"viamethod viamethod.go", "viamethod [tests] viamethod.go", "importsretry importsretry.go",
		"importsretry [tests] importsretry.go", "samename samename.go", "samename [tests] samename.go"}
	// viamethod's test retries through a method of a package no file of
	// viamethod imports: the gate cannot rule the retry out by imports.
	gated := []string{"viamethod [tests] viamethod_test.go", "samename [tests] samename_test.go", "retrying [tests] retrying_test.go", "retrying [tests] fresh_test.go",
		"helper [tests] helper_test.go", "helper [tests] twice_test.go", "exports [tests] export_test.go"}
	strictOnly := []string{"noretry [tests] noretry_test.go", "noretry_test [tests] ext_test.go",
		"retrying [tests] other_test.go", "exports [tests] unrelated_test.go", "importsretry [tests] importsretry_test.go"}
	for _, run := range []struct{ strict, covered bool }{{false, false}, {true, false}, {false, true}} {
		strict := run.strict
		want := append(slices.Clone(product), gated...)
		if strict {
			want = append(want, strictOnly...)
		}
		opts := &upstream.Options{}
		if run.covered {
			// A driver that analyzes each package as itself too: a test
			// variant whose test files are all left out models nothing,
			// and the product files no walked test file calls into are
			// left to the package's own unit (retrying's, viamethod's and
			// exports' tests write and retry through other packages; the
			// helper's and samename's call their product files).
			opts.CoveredVariant = func(string) bool { return true }
			want = slices.DeleteFunc(want, func(s string) bool {
				return slices.Contains([]string{"noretry [tests] noretry.go", "importsretry [tests] importsretry.go",
					"retrying [tests] retrying.go", "viamethod [tests] viamethod.go", "exports [tests] exports.go"}, s)
			})
		}
		modelAnalyzer := model.NewForChecks(opts, func() bool { return strict })
		probe := &analysis.Analyzer{
			Name:       "walkedfiles",
			Doc:        "list the files the model walks",
			Requires:   []*analysis.Analyzer{modelAnalyzer},
			ResultType: reflect.TypeFor[[]string](),
			Run: func(pass *analysis.Pass) (any, error) {
				unit := pass.Pkg.Name()
				if slices.ContainsFunc(pass.Files, func(f *ast.File) bool {
					return strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go")
				}) {
					unit += " [tests]"
				}
				var out []string
				for _, f := range pass.ResultOf[modelAnalyzer].(*model.Result).Files() {
					out = append(out, unit+" "+filepath.Base(pass.Fset.File(f.Pos()).Name()))
				}
				return out, nil
			},
		}
		var got []string
		for _, r := range analysistest.Run(t, testdir.Path(t), probe, "kube/testgate/...") {
			files, _ := r.Result.([]string)
			got = append(got, files...)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%+v: walked\n\t%s\nwant\n\t%s", run, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	}
}
