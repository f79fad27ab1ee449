package main_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/conflictlint/conflictlint/internal/expected"
)

// The package of testdata/example on which the test build's model panics
// (see analyzer/inject_panic.go), and its directory in the module.
const (
	panicPkg = "example.com/widget-operator/internal/informer"
	panicDir = "internal/informer/"
)

// panicReport is how the panic reads, in both drivers: the analyzer that
// panicked, the position it was working at and the runtime error.
var panicReport = regexp.MustCompile(`internal error: kube panicked at \S*internal/informer/controller\.go:5:9: assignment to entry in nil map`)

// TestPanicStandalone checks that a panic in the model on one package is
// an error for that package alone: it is printed once, the status is 1,
// and every other package's findings are reported, its importers' too.
func TestPanicStandalone(t *testing.T) {
	bin, dir := setupPanicking(t)
	res := runPanicking(t, dir, bin, "./...")
	res.wantExit(t, 1)
	errLines, rest := splitLines(res.stderr, panicPkg+": ")
	if len(errLines) != 1 || !panicReport.MatchString(errLines[0]) || !strings.HasPrefix(errLines[0], panicPkg+": kube: ") {
		t.Fatalf("%s: want one error line for %s from kube matching %q, got %q\nstderr:\n%s", res.cmd, panicPkg, panicReport, errLines, res.stderr)
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		t.Errorf("%s: standard error holds more than the panic's line:\n%s", res.cmd, rest)
	}
	got, err := parseText(res.stdout, dir) // the findings, on standard output
	if err != nil {
		t.Fatalf("%s: %v", res.cmd, err)
	}
	expected.Check(t, res.cmd+" with a panic in "+panicPkg, expected.PositionsOnly(outside(expected.Read(t, dir), panicDir)), got)
}

// TestPanicVet checks the same under go vet -vettool, which prints the
// panic as a diagnostic of each analyzer that could not run on the
// package.
func TestPanicVet(t *testing.T) {
	bin, dir := setupPanicking(t)
	// go vet keys its cache by the tool and the flags, not by the variable
	// that turns the panic on: a wrapper name no code declares, new each
	// run, keeps it from reusing a result the tool gave without it.
	fresh := fmt.Sprintf("-retry-wrappers=example.com/panictest.NoSuch%d", time.Now().UnixNano())
	res := runPanicking(t, dir, "go", "vet", "-vettool="+bin, fresh, "./...")
	if res.exit == 0 {
		t.Fatalf("%s: exit status 0, want non-zero\nstderr:\n%s", res.cmd, res.stderr)
	}
	panics, rest := splitLines(res.stderr, panicDir+"controller.go:5:1: ")
	if len(panics) == 0 {
		t.Fatalf("%s: the panic is not reported\nstderr:\n%s", res.cmd, res.stderr)
	}
	for _, l := range panics {
		if !panicReport.MatchString(l) {
			t.Errorf("%s: panic reported as %q, want it to match %q", res.cmd, l, panicReport)
		}
	}
	got, err := parseText(rest, dir)
	if err != nil {
		t.Fatalf("%s: %v", res.cmd, err)
	}
	expected.Check(t, res.cmd+" with a panic in "+panicPkg, expected.PositionsOnly(outside(expected.Read(t, dir), panicDir)), got)
}

// setupPanicking builds the test build of the binary and prepares the
// example module.
func setupPanicking(t *testing.T) (bin, dir string) {
	t.Helper()
	t.Parallel()
	_, dir = setup(t, exampleModule)
	bin = filepath.Join(t.TempDir(), "conflictlint-panicking")
	cmd := exec.Command("go", "build", "-tags", "conflictlint_injectpanic", "-o", bin, "github.com/conflictlint/conflictlint/cmd/conflictlint")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags conflictlint_injectpanic: %v\n%s", err, out)
	}
	return bin, dir
}

// runPanicking is run with the model set to panic on panicPkg.
func runPanicking(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	return runEnv(t, dir, []string{"CONFLICTLINT_INJECT_PANIC=" + panicPkg}, name, args...)
}

// splitLines returns the lines of out that contain marker, and the rest.
func splitLines(out []byte, marker string) (matching []string, rest []byte) {
	var kept [][]byte
	for l := range bytes.Lines(out) {
		if bytes.Contains(l, []byte(marker)) {
			matching = append(matching, strings.TrimSpace(string(l)))
		} else {
			kept = append(kept, l)
		}
	}
	return matching, bytes.Join(kept, nil)
}

// outside returns the findings of fs outside the directory dir.
func outside(fs []expected.Finding, dir string) []expected.Finding {
	return slices.DeleteFunc(slices.Clone(fs), func(f expected.Finding) bool { return strings.HasPrefix(f.Path, dir) })
}
