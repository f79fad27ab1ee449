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
	return snippets(t, pkg, src, "")
}

// VendoredSnippets is Snippets with the stub packages in pkg's vendor
// directory, as pre-module code has them: their import paths are then
// pkg/vendor/k8s.io/..., as the go command reports them in GOPATH mode.
func VendoredSnippets(t testing.TB, pkg, src string) string {
	return snippets(t, pkg, src, filepath.Join(pkg, "vendor"))
}

func snippets(t testing.TB, pkg, src, stubDir string) string {
	t.Helper()
	stubs := filepath.Join(Path(t), "src")
	root := t.TempDir()
	dir := filepath.Join(root, "src", pkg)
	links := filepath.Join(root, "src", stubDir)
	for _, d := range []string{dir, links} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range stubRoots {
		if err := os.Symlink(filepath.Join(stubs, r), filepath.Join(links, r)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, strings.ReplaceAll(pkg, "/", "_")+".go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// Row is one case of a table-driven model test: a function body (or
// statement) whose line of interest carries the table's marker comment,
// and the diagnostic the row expects on that line.
type Row struct{ Name, Body, Want string }

// TableSource returns header followed by one function per row, written by
// fn from the row's index and its body, in which the marker comment is
// replaced by a `// want` for the row's expected diagnostic (matched
// whole). A row without the marker fails the test.
func TableSource(t testing.TB, header, marker string, rows []Row, fn func(i int, r Row) string) string {
	t.Helper()
	var src strings.Builder
	src.WriteString(header)
	for i, r := range rows {
		body := strings.Replace(r.Body, marker, "// want `^"+r.Want+"$`", 1)
		if body == r.Body {
			t.Fatalf("case %q has no %s line", r.Name, marker)
		}
		r.Body = body
		src.WriteString("\n// " + r.Name + "\n" + fn(i, r) + "\n")
	}
	return src.String()
}

// R is a Row.
func R(name, body, want string) Row { return Row{Name: name, Body: body, Want: want} }
