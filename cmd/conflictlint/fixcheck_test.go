package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// fixedScenarios are the analyzers' scenario packages that TestFixesCompile
// fixes with the whole suite.
var fixedScenarios = []string{"unretriedupdate/...", "staleupdate/...", "retryreget/...", "listermutation/...", "ignoredirective/..."}

// scenarioDeps are the packages outside fixedScenarios that scenario
// packages import, copied with them (and analyzed with them, for their
// facts, as a run over a whole module does).
var scenarioDeps = []string{"facts/listermutation/handed"}

// TestFixesCompile applies every suggested fix of the suite to a copy of
// the analyzers' scenario packages, the way `conflictlint -fix` does, and
// checks what the golden files cannot: the fixed packages, tests included,
// still type-check, every finding that had a fix is gone, and no finding
// appears that was not there before. (A fix may take a second finding
// with it: wrapping a write in a retry also ends a later write's
// staleness, so the count may drop by more than the fixes applied.)
func TestFixesCompile(t *testing.T) {
	root := gopath(t)
	var dirs []string
	for _, p := range fixedScenarios {
		dirs = append(dirs, filepath.Dir(p)) // the analyzer's directory, without "/..."
	}
	for _, dir := range append(dirs, scenarioDeps...) {
		if err := os.CopyFS(filepath.Join(root, "src", dir), os.DirFS(filepath.Join(stubTree, dir))); err != nil {
			t.Fatal(err)
		}
	}
	patterns := append(slices.Clone(fixedScenarios), scenarioDeps...)
	before := fixReport(t, conflictlint(t, root, append([]string{"-json"}, patterns...)...))
	fix := conflictlint(t, root, append([]string{"-fix"}, patterns...)...)
	m := regexp.MustCompile(`applied (\d+) fix`).FindStringSubmatch(fix.stderr)
	if m == nil {
		t.Fatalf("no summary line from -fix:\n%s", fix.stderr)
	}
	applied, _ := strconv.Atoi(m[1])
	if applied == 0 || strings.Contains(fix.stderr, "overlapping") {
		t.Fatalf("-fix: %s", fix.stderr)
	}

	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax, Tests: true}, fixedScenarios...)
	if err != nil {
		t.Fatal(err)
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("after -fix: %v", e)
		}
	})

	// go vet too, whose own analyzers (printf, unusedresult, copylocks...)
	// a fix must not upset either.
	vet := exec.Command("go", append([]string{"vet"}, fixedScenarios...)...)
	vet.Dir = filepath.Join(root, "src")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet after -fix: %v\n%s", err, out)
	}

	after := fixReport(t, conflictlint(t, root, append([]string{"-json"}, patterns...)...))
	unfixed := make(map[string]int)
	fixed := 0
	for _, f := range before {
		if f.fixed {
			fixed++
		} else {
			unfixed[f.key]++
		}
	}
	for _, f := range after {
		if unfixed[f.key] == 0 {
			t.Errorf("after -fix: a finding with a fix is still reported, or a new one appeared: %s", f.key)
		}
		unfixed[f.key]--
	}
	if fixed != applied {
		t.Errorf("%d findings had a fix, but %d fixes were applied", fixed, applied)
	}
	t.Logf("%d findings, %d fixes applied, %d findings after", len(before), applied, len(after))
}

// reportedFinding is a diagnostic of a -json report, keyed by file and
// message (fixes move lines).
type reportedFinding struct {
	key   string
	fixed bool
}

// fixReport lists the diagnostics of a -json report.
func fixReport(t *testing.T, o outcome) []reportedFinding {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(o.stdout), &tree); err != nil {
		t.Fatalf("parsing -json output: %v\n%s", err, o.stderr)
	}
	var out []reportedFinding
	for _, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("%s: %s", name, raw) // an analysis error
			}
			for _, d := range diags {
				file, _, _ := strings.Cut(d.Posn, ".go:")
				// A fix of another finding may change what becomes of this
				// one's failure (a stale write whose error a fix now returns
				// is requeued, and its own fix is then considered): the same
				// finding, with other notes and grade. Its core is the part
				// before the first "; ".
				core, _, _ := strings.Cut(d.Message, "; ")
				out = append(out, reportedFinding{key: file + ": " + core, fixed: len(d.SuggestedFixes) > 0})
			}
		}
	}
	return out
}
