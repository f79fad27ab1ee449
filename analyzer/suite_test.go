package analyzer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestSuiteIsDocumentedAndTested walks the registry: every analyzer needs a
// short title, full docs, a README section its URL points at, scenario
// packages in the shared testdata tree and a test file.
func TestSuiteIsDocumentedAndTested(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(filepath.Dir(testdir.Path(t)), "README.md"))
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
			if want := "https://github.com/conflictlint/conflictlint#" + a.Name; a.URL != want {
				t.Errorf("URL = %q, want %q", a.URL, want)
			}
			if !strings.Contains(string(readme), "\n### "+a.Name+"\n") {
				t.Errorf("README.md has no '### %s' section", a.Name)
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
