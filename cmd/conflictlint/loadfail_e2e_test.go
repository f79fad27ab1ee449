package main_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/internal/expected"
)

// TestLoadFailureReadsLikeGo runs the standalone driver on a module one of
// whose dependencies cannot be fetched: testdata/loadfail, copied, with
// k8s.io/api replaced by a directory that does not exist. Its packages
// that use controller-runtime (internal/typed, its external test, and
// cmd/labeler, which imports it) need k8s.io/api; internal/dynamic, which
// uses client-go's dynamic client, does not. The go command's error comes
// first, once, at the import in the module; then one line per package
// that could not be loaded because of it (not the type checker's hundreds
// of could-not-import, no-metadata and undefined lines); then the finding
// in internal/dynamic, which is analyzed as usual, on standard output,
// and none of the packages not analyzed, which a last line counts; the
// status is 1.
func TestLoadFailureReadsLikeGo(t *testing.T) {
	t.Parallel()
	bin, healthy := setup(t, "loadfail")
	dir := copyModule(t, healthy)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gomod, append(data, "\nreplace k8s.io/api => ./missing\n"...), 0o644); err != nil {
		t.Fatal(err)
	}

	res := run(t, dir, bin, "./...")
	res.wantExit(t, 1) // the standalone driver's status for errors
	wantErrors := []string{
		"internal/typed/typed.go:9:2: k8s.io/api@v0.37.2: replacement directory ./missing does not exist",
		"example.com/loadfail/internal/typed: not analyzed: its dependency k8s.io/api/core/v1 could not be loaded",
		"example.com/loadfail/cmd/labeler: not analyzed: its dependency k8s.io/api/core/v1 could not be loaded",
		"conflictlint: 2 packages of 4 not analyzed; the findings are those of the other 2",
	}
	if got := strings.TrimSuffix(string(res.stderr), "\n"); got != strings.Join(wantErrors, "\n") {
		t.Fatalf("%s: the load errors read\n%s\nwant\n%s", res.cmd, got, strings.Join(wantErrors, "\n"))
	}
	findings, err := parseText(res.stdout, dir)
	if err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s", res.cmd, err, res.stdout)
	}
	expected.Check(t, res.cmd+" in a copy of testdata/loadfail without k8s.io/api", []expected.Finding{{Path: "internal/dynamic/dynamic.go", Line: 31}}, findings)
	if bytes.Contains(res.stderr, []byte("could not import")) {
		t.Errorf("%s: the type checker's consequences are printed:\n%s", res.cmd, res.stderr)
	}
}

// TestMissingTestDependencySaysItsTests runs the standalone driver on a
// copy of testdata/loadfail whose internal/dynamic gains a test that
// imports a generated mock not in the tree (as many operators' suites
// do). The product code of internal/dynamic still loads and is analyzed:
// its finding is printed, and the line about what could not be loaded
// names the package's tests, not the package.
func TestMissingTestDependencySaysItsTests(t *testing.T) {
	t.Parallel()
	bin, healthy := setup(t, "loadfail")
	dir := copyModule(t, healthy)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	test := "package dynamic\n\nimport (\n\t\"testing\"\n\n\t\"example.com/loadfail/internal/mocks\"\n)\n\nfunc TestTouch(t *testing.T) { Touch(t.Context(), mocks.Dynamic(), \"default\", \"cm\") }\n"
	if err := os.WriteFile(filepath.Join(dir, "internal", "dynamic", "dynamic_test.go"), []byte(test), 0o644); err != nil {
		t.Fatal(err)
	}

	res := run(t, dir, bin, "./...")
	res.wantExit(t, 1)
	want := "example.com/loadfail/internal/dynamic (its tests): not analyzed: its dependency example.com/loadfail/internal/mocks could not be loaded"
	if !strings.Contains(string(res.stderr), want+"\n") {
		t.Errorf("%s: the load errors read\n%s\nwant a line\n%s", res.cmd, res.stderr, want)
	}
	if strings.Contains(string(res.stderr), "example.com/loadfail/internal/dynamic: not analyzed") {
		t.Errorf("%s: the package is said not to be analyzed, though its product code is:\n%s", res.cmd, res.stderr)
	}
	findings, err := parseText(res.stdout, dir)
	if err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s", res.cmd, err, res.stdout)
	}
	if !slices.ContainsFunc(findings, func(f expected.Finding) bool { return f.Path == "internal/dynamic/dynamic.go" && f.Line == 31 }) {
		t.Errorf("%s: the product code's finding at internal/dynamic/dynamic.go:31 is missing; findings: %v", res.cmd, findings)
	}
}
