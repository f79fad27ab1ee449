package testdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stubRoots are the shared stub trees under testdata/src that a snippet
// package may import.
var stubRoots = []string{"k8s.io", "sigs.k8s.io", "github.com", "go.uber.org"}

// Snippets writes a GOPATH tree for analysistest holding one package,
// pkg, whose only file is src, next to links to the shared stub packages,
// and returns the tree's root. Table-driven tests build src from a table
// of small functions, each marked with the `// want` its row expects.
func Snippets(t testing.TB, pkg, src string) string {
	t.Helper()
	stubs := filepath.Join(Path(t), "src")
	root := t.TempDir()
	dir := filepath.Join(root, "src", pkg)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, r := range stubRoots {
		if err := os.Symlink(filepath.Join(stubs, r), filepath.Join(root, "src", r)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, strings.ReplaceAll(pkg, "/", "_")+".go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}
