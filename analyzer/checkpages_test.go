package analyzer_test

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

var updatePages = flag.Bool("update", false, "rewrite docs/checks/*.md from the analyzers' doc.go files")

// TestCheckPages holds the three faces of an analyzer's documentation to
// one source, its doc.go: the Doc that `conflictlint help <name>` prints
// (Extract of its "# Analyzer" section), the page docs/checks/<name>.md
// (Markdown of that section and the ones after it), and the URL that
// diagnostics and SARIF rules link to (the page's address). A page that
// differs from what its doc.go renders fails the test; rewrite the pages
// with
//
//	go test ./analyzer -run TestCheckPages -update
func TestCheckPages(t *testing.T) {
	root := filepath.Dir(testdir.Path(t))
	var want []string
	for _, a := range analyzer.Default() {
		t.Run(a.Name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(root, "analyzer", a.Name, "doc.go"))
			if err != nil {
				t.Fatal(err)
			}
			if doc, err := docs.Extract(string(src), a.Name); err != nil || doc != a.Doc {
				t.Errorf("Doc is not the %q section of analyzer/%s/doc.go (error %v)", "# Analyzer "+a.Name, a.Name, err)
			}
			if a.URL != docs.URL(a.Name) {
				t.Errorf("URL = %q, want its page %q", a.URL, docs.URL(a.Name))
			}
			page, err := docs.Markdown(string(src), a.Name)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(root, filepath.FromSlash(docs.Page(a.Name)))
			want = append(want, filepath.Base(path))
			if *updatePages {
				if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v: run go test ./analyzer -run TestCheckPages -update", err)
			}
			if string(got) != page {
				t.Errorf("%s differs from what analyzer/%s/doc.go renders: edit doc.go, then run go test ./analyzer -run TestCheckPages -update", docs.Page(a.Name), a.Name)
			}
			// The page starts with the help text: every paragraph of Doc
			// is on it, in order.
			if !containsInOrder(normalize(page), normalize(a.Doc)) {
				t.Errorf("%s does not contain the help text (Doc) of %s", docs.Page(a.Name), a.Name)
			}
		})
	}
	// No page of an analyzer that left the suite.
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "checks", "*.md"))
	for _, p := range pages {
		if !slices.Contains(want, filepath.Base(p)) {
			t.Errorf("docs/checks/%s is the page of no analyzer of the suite", filepath.Base(p))
		}
	}
}

// normalize reduces documentation text to its words, so that the plain
// text of a doc comment and its Markdown rendering compare equal: Markdown
// escapes, fences, list markers and emphasis go, and so does the target of
// a link (its text stays).
func normalize(s string) []string {
	s = strings.NewReplacer("```go", " ", "```", " ", `\`, "", "&lt;", "<", "**", " ").Replace(s)
	var words []string
	for _, w := range strings.Fields(s) {
		if w == "-" || w == "*" {
			continue
		}
		if i := strings.Index(w, "]("); i >= 0 && strings.HasPrefix(w, "[") {
			if j := strings.Index(w[i:], ")"); j >= 0 {
				w = w[1:i] + w[i+j+1:]
			}
		}
		words = append(words, w)
	}
	return words
}

// containsInOrder reports whether sub occurs in s as a contiguous run.
func containsInOrder(s, sub []string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if slices.Equal(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
