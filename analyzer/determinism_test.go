package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestDeterminism runs the whole suite over the scenario packages the way
// a driver does (the checks share the model's Result, actions run in
// parallel) with one and with sixteen threads, and with the analyzers in
// the opposite order, and wants the same findings, messages and fix edits
// each time: no answer may depend on which goroutine asked first.
func TestDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every scenario package")
	}
	pkgs := loadDeterminism(t)
	run := func(procs int, reverse bool) string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		suite := analyzer.Default()
		if reverse {
			slices.Reverse(suite)
		}
		return renderFindings(t, suite, pkgs)
	}
	base := run(1, false)
	if base == "" {
		t.Fatal("no findings at all: the scenarios did not load")
	}
	for _, c := range []struct {
		procs   int
		reverse bool
	}{{16, false}, {1, true}, {16, true}} {
		if got := run(c.procs, c.reverse); got != base {
			t.Errorf("GOMAXPROCS=%d reversed=%t: output differs from GOMAXPROCS=1:\n%s", c.procs, c.reverse, firstDiff(base, got))
		}
	}
}

func loadDeterminism(t *testing.T) []*packages.Package {
	t.Helper()
	dir := testdir.Path(t)
	if err := testdir.StatSources(filepath.Join(dir, "src")); err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(dir, "src"),
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "unretriedupdate/...", "staleupdate/...", "valueflow/...", "proof/...", "consequence/...", "listermutation/...", "retryreget/...")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// renderFindings runs suite over pkgs and prints every root finding with
// its fix edits, sorted, as a driver would.
func renderFindings(t *testing.T, suite []*analysis.Analyzer, pkgs []*packages.Package) string {
	t.Helper()
	graph, err := checker.Analyze(suite, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			fset := act.Package.Fset
			line := fmt.Sprintf("%s: %s: %s", fset.Position(d.Pos), act.Analyzer.Name, d.Message)
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					line += fmt.Sprintf(" [%s-%s %q]", fset.Position(e.Pos), fset.Position(e.End), e.NewText)
				}
			}
			lines = append(lines, line)
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return "want: " + al[i] + "\ngot:  " + bl[i]
		}
	}
	return fmt.Sprintf("%d lines against %d", len(al), len(bl))
}
