package main_test

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// behaviourModule holds one buggy function per fix shape (package shapes,
// one file per shape) and a test that runs each against a client that
// enforces resourceVersion, with a concurrent writer injected between the
// read and the write.
const behaviourModule = "behaviour"

// behaviourMode is the variable that tells the module's test which
// outcome to expect: "fixed" (the change is stored) or anything else (it
// is lost, or a stale object is resent).
const behaviourMode = "CONFLICTLINT_BEHAVIOUR"

// shapeAnalyzers maps the first word of a shape file's name to the
// analyzer whose fix the shape shows.
var shapeAnalyzers = map[string]string{
	"unretried": "unretriedupdate",
	"stale":     "staleupdate",
	"retry":     "retryreget",
	"lister":    "listermutation",
}

// TestFixesKeepMeaning checks that every fix shape keeps the program's
// meaning, by behaviour: on a copy of testdata/behaviour, the module's test
// shows each shape losing its change under a concurrent writer; then
// `conflictlint -fix` must fix every finding, each shape file must have had
// its finding from the analyzer it is named after, nothing may be left to
// report, and the module's test must show each shape storing the change.
func TestFixesKeepMeaning(t *testing.T) {
	t.Parallel()
	bin, dir := setup(t, behaviourModule)
	work := copyModule(t, dir)
	shapes := shapeFiles(t, filepath.Join(work, "shapes"))

	runShapes(t, work, "unfixed", shapes)

	before := run(t, work, bin, "-json", "./...")
	before.wantExit(t, exitStandaloneFindings)
	findings, err := fixFindings(before.stdout)
	if err != nil {
		t.Fatalf("%s: %v", before.cmd, err)
	}
	checkShapeFindings(t, shapes, findings)

	fix := run(t, work, bin, "-fix", "./...")
	fix.wantExit(t, 0)
	applied := -1
	if m := regexp.MustCompile(`applied (\d+) fix`).FindSubmatch(fix.stderr); m != nil {
		applied, _ = strconv.Atoi(string(m[1]))
	}
	if applied != len(findings) {
		t.Fatalf("%s: want %d fixes applied, one per finding; stderr:\n%s", fix.cmd, len(findings), fix.stderr)
	}
	after := run(t, work, bin, "./...")
	after.wantExit(t, 0)

	runShapes(t, work, "fixed", shapes)
	t.Logf("%d shapes: each loses its change as written and keeps it after -fix (%d fixes)", len(shapes), len(findings))
}

// shapeFiles returns the names (without .go) of the shape files in dir,
// failing for a source file that is neither a shape nor doc.go.
func shapeFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	shapes := make(map[string]string) // file -> analyzer
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".go")
		if !ok || strings.HasSuffix(name, "_test") || name == "doc" {
			continue
		}
		word, _, _ := strings.Cut(name, "_")
		analyzer, ok := shapeAnalyzers[word]
		if !ok {
			t.Fatalf("%s: a shape file's name must start with one of %v", e.Name(), slices.Sorted(maps.Keys(shapeAnalyzers)))
		}
		shapes[name] = analyzer
	}
	if len(shapes) == 0 {
		t.Fatalf("no shape files in %s", dir)
	}
	return shapes
}

// checkShapeFindings fails the test unless every finding comes with one
// fix and lies in a shape file, and every shape file has a finding, from
// the analyzer it is named after: otherwise a shape would pass unfixed,
// or its fix would come from elsewhere.
func checkShapeFindings(t *testing.T, shapes map[string]string, findings []fixFinding) {
	t.Helper()
	found := make(map[string]bool)
	for _, f := range findings {
		shape := strings.TrimSuffix(f.file, ".go")
		want, ok := shapes[shape]
		switch {
		case !ok:
			t.Errorf("%s: finding outside the shape files: %s", f.file, f.message)
		case f.analyzer != want:
			t.Errorf("%s: finding of %s, want %s: %s", f.file, f.analyzer, want, f.message)
		case f.fixes != 1:
			t.Errorf("%s: %d fixes, want 1: %s", f.file, f.fixes, f.message)
		}
		found[shape] = true
	}
	for shape, analyzer := range shapes {
		if !found[shape] {
			t.Errorf("%s.go: no finding; want one from %s with a fix", shape, analyzer)
		}
	}
}

// runShapes runs the behaviour module's test in dir in the given mode and
// fails unless it passes with a passing subtest for every shape.
func runShapes(t *testing.T, dir, mode string, shapes map[string]string) {
	t.Helper()
	res := runEnv(t, dir, []string{behaviourMode + "=" + mode}, "go", "test", "-count=1", "-v", "-run", "^TestShapes$", "./...")
	if res.exit != 0 {
		t.Fatalf("%s, %s: exit status %d\n%s", res.cmd, mode, res.exit, failures(res.stdout))
	}
	for shape := range shapes {
		if !bytes.Contains(res.stdout, []byte("--- PASS: TestShapes/"+shape+" (")) {
			t.Errorf("%s, %s: no passing subtest for %s.go", res.cmd, mode, shape)
		}
	}
}

// failures keeps the lines of go test -v output that tell what failed,
// without the logging of the functions under test.
func failures(out []byte) string {
	var b strings.Builder
	for line := range strings.Lines(string(out)) {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "--- FAIL") || strings.HasPrefix(trimmed, "shapes_test.go:") ||
			strings.HasPrefix(trimmed, "harness_test.go:") || strings.HasPrefix(trimmed, "FAIL") || strings.Contains(line, "panic") {
			b.WriteString(line)
		}
	}
	if b.Len() == 0 {
		return string(out)
	}
	return b.String()
}
