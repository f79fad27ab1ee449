// Package testdir locates the repository's shared testdata directory for
// analyzer tests, which may run from any package directory.
package testdir

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Path returns the absolute path of the testdata directory at the module
// root (the directory holding go.mod), as analysistest wants it.
func Path(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// StatSources reads the metadata of every file under root that a test's
// subprocesses depend on (Go sources, go.mod, go.sum, YAML configuration,
// expected findings). go test's result cache sees only what the test
// process itself touches, so without this a change to an analyzer or to
// the example would not invalidate a cached end-to-end result.
func StatSources(root string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if name := d.Name(); !d.IsDir() && (strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".yml") ||
			name == "go.mod" || name == "go.sum" || name == "expected.txt") {
			_, err = os.Stat(path)
		}
		return err
	})
}
