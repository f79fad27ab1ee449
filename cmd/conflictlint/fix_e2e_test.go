package main_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestFixBuilds applies every suggested fix to a copy of the example
// module with `conflictlint -fix`, checks that the copy still builds and
// vets, and that no finding that came with a fix is reported again.
func TestFixBuilds(t *testing.T) {
	t.Parallel()
	bin, dir := setup(t, exampleModule)
	work := copyModule(t, dir)

	before := run(t, work, bin, "-json", "./...")
	before.wantExit(t, exitStandaloneFindings)
	all, err := fixFindings(before.stdout)
	if err != nil {
		t.Fatalf("%s: %v", before.cmd, err)
	}
	var fixable []fixFinding
	for _, f := range all {
		if f.fixes > 0 {
			fixable = append(fixable, f)
		}
	}
	if len(fixable) == 0 {
		t.Fatal("no finding in testdata/example comes with a fix; the test proves nothing")
	}

	// The same fixes as a diff, applied by git to another copy.
	patched := copyModule(t, dir)
	run(t, patched, "git", "init", "-q").wantExit(t, 0)
	diff := run(t, patched, bin, "-fix", "-diff", "./...")
	if diff.exit != 0 && diff.exit != exitStandaloneFindings {
		t.Fatalf("%s: exit status %d\nstderr:\n%s", diff.cmd, diff.exit, diff.stderr)
	}
	patch := filepath.Join(t.TempDir(), "fixes.patch")
	if err := os.WriteFile(patch, diff.stdout, 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, patched, "git", "apply", "--check", patch).wantExit(t, 0)
	run(t, patched, "git", "apply", patch).wantExit(t, 0)

	fix := run(t, work, bin, "-fix", "./...")
	if fix.exit != 0 && fix.exit != exitStandaloneFindings {
		t.Fatalf("%s: exit status %d\nstderr:\n%s", fix.cmd, fix.exit, fix.stderr)
	}
	// -fix -diff changes nothing, so a diff means findings (exit 3, a CI
	// gate on "the diff is not empty"); -fix exits 3 only for what it
	// leaves.
	if diff.exit != exitStandaloneFindings {
		t.Errorf("-fix -diff printed fixes and exited %d, want %d", diff.exit, exitStandaloneFindings)
	}
	sameGoFiles(t, work, patched)
	run(t, work, "go", "build", "./...").wantExit(t, 0)
	run(t, work, "go", "vet", "./...").wantExit(t, 0)

	after := run(t, work, bin, "-json", "./...")
	if after.exit != 0 && after.exit != exitStandaloneFindings {
		t.Fatalf("%s after -fix: exit status %d\nstderr:\n%s", after.cmd, after.exit, after.stderr)
	}
	remaining, err := fixFindings(after.stdout)
	if err != nil {
		t.Fatalf("%s after -fix: %v", after.cmd, err)
	}
	// Findings are keyed by file and message, which two writes of one
	// function may share: each fixed one must take one report away.
	type key struct{ analyzer, file, message string }
	left := make(map[key]int)
	for _, f := range all {
		if f.fixes == 0 {
			left[key{f.analyzer, f.file, f.message}]++
		}
	}
	for _, g := range remaining {
		k := key{g.analyzer, g.file, g.message}
		if left[k] == 0 {
			t.Errorf("%s: still reported after -fix, or new: %s", g.file, g.message)
		}
		left[k]--
	}
	t.Logf("%d findings, %d with a fix; the fixed copy builds; %d findings remain", len(all), len(fixable), len(remaining))
}

// fixFinding is a diagnostic of the -json output, kept by file and message
// (positions move when fixes are applied).
type fixFinding struct {
	analyzer string
	file     string
	message  string
	fixes    int
}

// fixFindings reads the standalone checker's -json output.
func fixFindings(data []byte) ([]fixFinding, error) {
	var out []fixFinding
	err := forEachResult(data, func(analyzer string, diags []jsonDiagnostic) error {
		for _, d := range diags {
			file, _, _ := cutLast(d.Posn, ":")
			file, _, _ = cutLast(file, ":")
			out = append(out, fixFinding{analyzer: analyzer, file: filepath.Base(file), message: d.Message, fixes: len(d.Fixes)})
		}
		return nil
	})
	return out, err
}

// copyModule copies the module in dir to a temporary directory.
func copyModule(t *testing.T, dir string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying the example module: %v", err)
	}
	return dst
}

// sameGoFiles checks that the Go files of the module in dir and of its
// copy in other are the same.
func sameGoFiles(t *testing.T, dir, other string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".go" {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		want, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if got, err := os.ReadFile(filepath.Join(other, rel)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: the copy fixed by git apply differs from the one fixed by -fix (%v)", rel, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
