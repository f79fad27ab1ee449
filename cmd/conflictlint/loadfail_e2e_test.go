package main_test

import (
	"bytes"
	"os"
	"path/filepath"
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
// and none of the packages not analyzed; the status is 1.
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
