// Package testdir locates the repository's shared testdata directory for
// analyzer tests, which may run from any package directory.
package testdir

import (
	"os"
	"path/filepath"
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
