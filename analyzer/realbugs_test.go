package analyzer_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// The real-bug regression set (docs/realbugs.md): every package under
// testdata/src/realbugs reduces one public bug fix to its buggy function,
// marked on the line that must be reported, and its fixed function, which
// must stay silent. A marker reads
//
//	// realbug: <analyzer> [miss=<mode>[,<mode>] "<why the tool misses it>"]
//
// and states the tool's current behaviour in each mode: found, or (for the
// modes listed in miss=) not found. A line that is not a bug but that the
// tool reports today (a false alarm, typically in the fixed function) is
// declared as
//
//	// realbug: <analyzer> fp=<mode>[,<mode>] "<why it is reported>"
//
// and must be reported in exactly those modes. When the tool reports a
// bug at another line than the marked one in some mode (at the write inside
// a helper rather than at the call that loses its error, say), that line is
// declared as
//
//	// realbug: <analyzer> alt "<why the bug may be reported here>"
//
// and counts as a place of the one bug marked for that analyzer in the same
// package. The test fails when the
// behaviour differs from a marker either way, and on any finding on an
// unmarked line, so a change of recall or precision shows up as a marker
// to flip.

// realbugModes are the names markers use for the modes the set is scored
// in: "default" is the default mode, propagate.
var realbugModes = []string{"default", "strict"}

// markerRE matches a marker comment: analyzer name, then an optional miss
// clause with its quoted reason.
var markerRE = regexp.MustCompile(`^//\s*realbug:\s*(\w+)(?:\s+(?:(miss|fp)=([\w,]+)|(alt))\s+("(?:[^"\\]|\\.)*"))?\s*$`)

// realbug is one marker: where the finding must (or must not yet) be.
type realbug struct {
	pos      token.Position // file and line of the marked statement
	analyzer string
	miss     map[string]bool // modes in which the tool does not find it
	fp       map[string]bool // for a line that is not a bug: modes in which the tool reports it
	alt      bool            // another place of the package's bug for this analyzer
	why      string
	places   []string // keys of the alt lines that belong to this bug
}

func (b realbug) key() string { return fmt.Sprintf("%s:%d:%s", b.pos.Filename, b.pos.Line, b.analyzer) }

// TestRealBugs runs the whole suite over the set in each mode and compares
// the findings with the markers.
func TestRealBugs(t *testing.T) {
	pkgs := loadRealbugs(t)
	bugs := realbugMarkers(t, pkgs)
	if len(bugs) == 0 {
		t.Fatal("no realbug markers under testdata/src/realbugs")
	}
	for _, mode := range realbugModes {
		t.Run(mode, func(t *testing.T) {
			found := runRealbugSuite(t, realbugSuite(t, mode), pkgs)
			checkRealbugs(t, mode, bugs, found)
		})
	}
}

// realbugSuite is the one place that chooses the unretriedupdate mode for
// the set: it builds a suite of its own in that mode.
func realbugSuite(t *testing.T, mode string) []*analysis.Analyzer {
	t.Helper()
	value := map[string]unretriedupdate.Mode{"default": unretriedupdate.Propagate, "strict": unretriedupdate.Strict}[mode]
	suite := analyzer.Default()
	if err := analyzer.Lookup(suite, "unretriedupdate").Flags.Set("mode", string(value)); err != nil {
		t.Fatal(err)
	}
	return suite
}

// loadRealbugs loads every package under realbugs/ from the shared GOPATH
// tree, the way analysistest does, and fails on any load or type error so
// that a broken reduction cannot pass silently.
func loadRealbugs(t *testing.T) []*packages.Package {
	t.Helper()
	dir := testdir.Path(t)
	// go test caches on the files the test process opens; the packages
	// are read by a go list subprocess, so stat them here.
	if err := testdir.StatSources(filepath.Join(dir, "src")); err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Tests: true, // some bugs live in tests, and their reductions in _test.go files
		Dir:   filepath.Join(dir, "src"),
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "realbugs/...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the real-bug packages do not load or type-check")
	}
	if len(pkgs) == 0 {
		t.Fatal("no packages under realbugs/")
	}
	return pkgs
}

// realbugMarkers collects the markers of every loaded package.
func realbugMarkers(t *testing.T, pkgs []*packages.Package) map[string]realbug {
	t.Helper()
	bugs := map[string]realbug{}
	var alts []realbug
	for _, pkg := range pkgs {
		for _, f := range pkg.Syntax {
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					for _, text := range markerTexts(c.Text) {
						if b, ok := parseMarker(t, pkg.Fset, c.Pos(), text); ok && b.alt {
							alts = append(alts, b)
						} else if ok {
							bugs[b.key()] = b
						}
					}
				}
			}
		}
	}
	// An alt line belongs to the one bug of its analyzer in its directory.
	for _, a := range alts {
		var owner string
		for k, b := range bugs {
			if b.analyzer == a.analyzer && len(b.fp) == 0 && filepath.Dir(b.pos.Filename) == filepath.Dir(a.pos.Filename) {
				if owner != "" {
					t.Errorf("%s: alt marker with more than one %s bug in its package", a.pos, a.analyzer)
				}
				owner = k
			}
		}
		if owner == "" {
			t.Errorf("%s: alt marker without a %s bug in its package", a.pos, a.analyzer)
			continue
		}
		b := bugs[owner]
		b.places = append(b.places, a.key())
		bugs[owner] = b
	}
	return bugs
}

// markerTexts splits a comment into its markers: a line where two
// analyzers report the same call carries one marker for each, as
//
//	// realbug: staleupdate // realbug: unretriedupdate alt "<why>"
//
// A comment without a marker comes back whole, for parseMarker to ignore.
func markerTexts(text string) []string {
	parts := strings.Split(text, "// realbug:")
	if len(parts) <= 2 {
		return []string{text}
	}
	var texts []string
	for _, p := range parts[1:] {
		texts = append(texts, "// realbug:"+strings.TrimRight(p, " "))
	}
	return texts
}

// parseMarker reads one marker of a comment at pos; a comment that starts
// like a marker but does not parse fails the test rather than being
// ignored.
func parseMarker(t *testing.T, fset *token.FileSet, at token.Pos, text string) (realbug, bool) {
	if !strings.Contains(text, "realbug:") {
		return realbug{}, false
	}
	pos := fset.Position(at)
	m := markerRE.FindStringSubmatch(text)
	if m == nil {
		t.Errorf("%s: malformed realbug marker %q", pos, text)
		return realbug{}, false
	}
	b := realbug{pos: token.Position{Filename: pos.Filename, Line: pos.Line}, analyzer: m[1], miss: map[string]bool{}, fp: map[string]bool{}, alt: m[4] != ""}
	if b.alt {
		if why, err := strconv.Unquote(m[5]); err != nil || why == "" {
			t.Errorf("%s: alt needs a reason: %q", pos, text)
		}
		return b, true
	}
	if m[2] != "" {
		why, err := strconv.Unquote(m[5])
		if err != nil || why == "" {
			t.Errorf("%s: %s= needs a reason: %q", pos, m[2], text)
		}
		b.why = why
		modes := b.miss
		if m[2] == "fp" {
			modes = b.fp
		}
		for _, mode := range strings.Split(m[3], ",") {
			if !slices.Contains(realbugModes, mode) {
				t.Errorf("%s: unknown mode %q in marker", pos, mode)
			}
			modes[mode] = true
		}
	}
	return b, true
}

// runRealbugSuite runs every analyzer of the suite over the packages and returns
// the findings of the root packages keyed like markers, with messages.
func runRealbugSuite(t *testing.T, suite []*analysis.Analyzer, pkgs []*packages.Package) map[string]string {
	t.Helper()
	graph, err := checker.Analyze(suite, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			continue
		}
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			k := fmt.Sprintf("%s:%d:%s", pos.Filename, pos.Line, act.Analyzer.Name)
			found[k] = d.Message
		}
	}
	return found
}

// checkRealbugs compares findings with markers in one mode and logs the
// recall table of that mode.
func checkRealbugs(t *testing.T, mode string, bugs map[string]realbug, found map[string]string) {
	t.Helper()
	type tally struct{ found, total, falseAlarms int }
	recall := map[string]*tally{}
	for k, b := range bugs {
		if len(b.fp) > 0 {
			_, got := found[k]
			switch {
			case got && !b.fp[mode]:
				t.Errorf("%s: %s reports this non-bug in %s mode (%q): the marker says it must not", b.pos, b.analyzer, mode, found[k])
			case !got && b.fp[mode]:
				t.Errorf("%s: %s no longer reports this non-bug in %s mode: drop %s from the marker's fp=", b.pos, b.analyzer, mode, mode)
			}
			if got {
				r := recall[b.analyzer]
				if r == nil {
					r = &tally{}
					recall[b.analyzer] = r
				}
				r.falseAlarms++
			}
			continue
		}
		r := recall[b.analyzer]
		if r == nil {
			r = &tally{}
			recall[b.analyzer] = r
		}
		r.total++
		_, got := found[k]
		for _, place := range b.places {
			if _, ok := found[place]; ok {
				got = true
				k = place // report the message of the place that was found
			}
		}
		switch {
		case got && b.miss[mode]:
			t.Errorf("%s: %s now finds this bug in %s mode (%q): drop %s from the marker's miss=", b.pos, b.analyzer, mode, found[k], mode)
		case !got && !b.miss[mode]:
			t.Errorf("%s: %s does not find this bug in %s mode: the marker says it must", b.pos, b.analyzer, mode)
		}
		if got {
			r.found++
		}
	}
	placed := map[string]bool{}
	for k, b := range bugs {
		placed[k] = true
		for _, place := range b.places {
			placed[place] = true
		}
	}
	for k, msg := range found {
		if !placed[k] {
			t.Errorf("%s: finding on an unmarked line (a fixed function must stay silent): %s", k, msg)
		}
	}
	names := make([]string, 0, len(recall))
	for name := range recall {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		r := recall[name]
		t.Logf("recall %-16s %-9s %2d/%2d  (false alarms: %d)", name, mode, r.found, r.total, r.falseAlarms)
	}
}
