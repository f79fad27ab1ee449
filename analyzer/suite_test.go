package analyzer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestSuiteIsDocumentedAndTested walks the registry: every analyzer needs a
// short title, full docs, a page under docs/checks that its URL points at
// (TestCheckPages checks the page's content), a section in the README
// that links it (and keeps the anchor #<name> that older URLs name),
// scenario packages in the shared testdata tree and a test file.
func TestSuiteIsDocumentedAndTested(t *testing.T) {
	root := filepath.Dir(testdir.Path(t))
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]bool)
	for _, a := range analyzer.Default() {
		t.Run(a.Name, func(t *testing.T) {
			if seen[a.Name] {
				t.Fatalf("analyzer %s is registered twice", a.Name)
			}
			seen[a.Name] = true
			title, body, _ := strings.Cut(a.Doc, "\n\n")
			if title == "" || len(title) > 72 || strings.Contains(title, "\n") {
				t.Errorf("title %q: want one line of at most 72 characters", title)
			}
			if strings.TrimSpace(body) == "" {
				t.Errorf("Doc has a title but no description")
			}
			page := docs.Page(a.Name)
			if a.URL != docs.URL(a.Name) {
				t.Errorf("URL = %q, want %q", a.URL, docs.URL(a.Name))
			}
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(page))); err != nil {
				t.Errorf("no page: %v", err)
			}
			if heading := "\n### [`" + a.Name + "`](" + page + ")\n"; !strings.Contains(string(readme), heading) {
				t.Errorf("README.md has no heading %q", strings.TrimSpace(heading))
			}
			if fi, err := os.Stat(filepath.Join(testdir.Path(t), "src", a.Name)); err != nil || !fi.IsDir() {
				t.Errorf("no scenario packages in testdata/src/%s", a.Name)
			}
			tests, _ := filepath.Glob(filepath.Join(filepath.Dir(testdir.Path(t)), "analyzer", a.Name, "*_test.go"))
			if len(tests) == 0 {
				t.Errorf("no tests in analyzer/%s", a.Name)
			}
		})
	}
}
