package analyzer_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/directives"
	"github.com/conflictlint/conflictlint/analyzer/ignoredirective"
	"github.com/conflictlint/conflictlint/analyzer/listermutation"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/retryreget"
	"github.com/conflictlint/conflictlint/analyzer/staleupdate"
	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// exported lists the Analyzer values the analyzer packages export for
// one-package-per-analyzer drivers (Bazel's nogo, a unitchecker main).
var exported = []*analysis.Analyzer{
	unretriedupdate.Analyzer,
	staleupdate.Analyzer,
	retryreget.Analyzer,
	listermutation.Analyzer,
	ignoredirective.Analyzer,
}

// TestExportedMatchRegistry checks that every analyzer of the registry has
// an exported twin, in the registry's order, declared alike (docs, URL,
// results, facts, flags), and that the twins' Requires graph is the
// registry's with the exported model and directives analyzers in place of
// the suite's.
func TestExportedMatchRegistry(t *testing.T) {
	suite := analyzer.Default()
	if got, want := analyzerNames(exported), analyzerNames(suite); !slices.Equal(got, want) {
		t.Fatalf("exported analyzers %v, registry %v: export an Analyzer for each check and list it here", got, want)
	}
	if got, want := directives.Names(), analyzerNames(suite); !slices.Equal(got, want) {
		t.Errorf("directives.Names() = %v, want the registry's %v", got, want)
	}
	helpers := map[string]*analysis.Analyzer{model.Analyzer.Name: model.Analyzer, directives.Analyzer.Name: directives.Analyzer}
	for i, reg := range suite {
		exp := exported[i]
		t.Run(reg.Name, func(t *testing.T) {
			sameDeclaration(t, exp, reg)
			if got, want := analyzerNames(exp.Requires), analyzerNames(reg.Requires); !slices.Equal(got, want) {
				t.Fatalf("requires %v, the registry's requires %v", got, want)
			}
			for j, req := range reg.Requires {
				if exp.Requires[j] != helpers[req.Name] {
					t.Errorf("requires a %s analyzer that is not the exported one", req.Name)
				}
				sameDeclaration(t, exp.Requires[j], req)
			}
		})
	}
	if err := analysis.Validate(exported); err != nil {
		t.Error(err)
	}
}

// sameDeclaration compares what drivers read of an analyzer besides Run.
func sameDeclaration(t *testing.T, got, want *analysis.Analyzer) {
	t.Helper()
	if got.Name != want.Name || got.Doc != want.Doc || got.URL != want.URL || got.ResultType != want.ResultType || got.RunDespiteErrors != want.RunDespiteErrors {
		t.Errorf("%s: Name, Doc, URL, ResultType or RunDespiteErrors differ from the registry's", want.Name)
	}
	if g, w := factTypeNames(got.FactTypes), factTypeNames(want.FactTypes); !slices.Equal(g, w) {
		t.Errorf("%s: fact types %v, the registry's %v", want.Name, g, w)
	}
	if g, w := flagLines(&got.Flags), flagLines(&want.Flags); !slices.Equal(g, w) {
		t.Errorf("%s: flags %v, the registry's %v", want.Name, g, w)
	}
}

func analyzerNames(as []*analysis.Analyzer) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}

func factTypeNames(facts []analysis.Fact) []string {
	var out []string
	for _, f := range facts {
		out = append(out, reflect.TypeOf(f).String())
	}
	return out
}

// flagLines lists a flag set as name=default: usage.
func flagLines(fs *flag.FlagSet) []string {
	var out []string
	fs.VisitAll(func(f *flag.Flag) { out = append(out, fmt.Sprintf("%s=%s: %s", f.Name, f.DefValue, f.Usage)) })
	return out
}

// TestExportedFindSameAsSuite runs the exported analyzers and the
// registry's suite over the scenario packages of every analyzer, the
// cross-package ones and the suppression ones, and compares everything
// they report: positions, messages, related information and fixes. The
// exported analyzers run a second time on passes without ReadFile, as
// nogo gives them, and must offer the same fixes.
// (cmd/conflictlint's TestExportedVet does the same through go vet on a
// module using the real client libraries.)
func TestExportedFindSameAsSuite(t *testing.T) {
	dir := testdir.Path(t)
	if err := testdir.StatSources(filepath.Join(dir, "src")); err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Tests: true,
		Dir:   filepath.Join(dir, "src"),
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off"),
	}
	patterns := append(analyzerNames(exported), "crosspkg", "suppress")
	for i := range patterns {
		patterns[i] += "/..."
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	want := exportedReports(t, analyzer.Default(), pkgs)
	if len(want) < 100 {
		t.Fatalf("the suite reports only %d diagnostics on the scenarios: the test compares too little", len(want))
	}
	t.Logf("%d diagnostics compared", len(want))
	for _, run := range []struct {
		name      string
		analyzers []*analysis.Analyzer
	}{
		{"the exported analyzers", exported},
		{"the exported analyzers without Pass.ReadFile (as under nogo)", withoutReadFile(exported)},
	} {
		got := exportedReports(t, run.analyzers, pkgs)
		for _, d := range missingFrom(got, want) {
			t.Errorf("only %s report %s", run.name, d)
		}
		for _, d := range missingFrom(want, got) {
			t.Errorf("the suite reports, and not %s, %s", run.name, d)
		}
	}
}

// withoutReadFile returns analyzers that run as as do but whose passes
// come without ReadFile, as Bazel's nogo makes them.
func withoutReadFile(as []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		c := *a
		c.Run = func(pass *analysis.Pass) (any, error) {
			pass.ReadFile = nil
			return a.Run(pass)
		}
		out[i] = &c
	}
	return out
}

// exportedReports runs analyzers over pkgs and renders each diagnostic with its
// analyzer, position, message, related information and fixes.
func exportedReports(t *testing.T, analyzers []*analysis.Analyzer, pkgs []*packages.Package) []string {
	t.Helper()
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			out = append(out, fmt.Sprintf("%s on %s: error %v", act.Analyzer.Name, act.Package.ID, act.Err))
		}
		for _, d := range act.Diagnostics {
			var b strings.Builder
			fmt.Fprintf(&b, "%s: %s: %s", act.Package.Fset.Position(d.Pos), act.Analyzer.Name, d.Message)
			for _, r := range d.Related {
				fmt.Fprintf(&b, "\n\trelated %s: %s", act.Package.Fset.Position(r.Pos), r.Message)
			}
			for _, f := range d.SuggestedFixes {
				fmt.Fprintf(&b, "\n\tfix %q:", f.Message)
				for _, e := range f.TextEdits {
					fmt.Fprintf(&b, " [%s-%d %q]", act.Package.Fset.Position(e.Pos), act.Package.Fset.Position(e.End).Offset, e.NewText)
				}
			}
			out = append(out, b.String())
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// missingFrom returns the elements of a (sorted) missing from b (sorted).
func missingFrom(a, b []string) []string {
	var out []string
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			out = append(out, s)
		}
	}
	return out
}
