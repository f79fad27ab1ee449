package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer"
)

// TestHelpPrintsTheDoc runs `conflictlint help <analyzer>` for every
// analyzer and checks that it prints the analyzer's Doc: the title on the
// first line, the description after the flags. Doc is the "# Analyzer"
// section of the analyzer's doc.go, and TestCheckPages (in analyzer)
// checks that the page docs/checks/<analyzer>.md, the analyzer's URL and
// helpUri, renders the same doc.go, so the three say one thing.
func TestHelpPrintsTheDoc(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go command not found: %v", err)
	}
	bin := buildBinary(t)
	for _, a := range analyzer.Default() {
		t.Run(a.Name, func(t *testing.T) {
			out, err := exec.Command(bin, "help", a.Name).Output()
			if err != nil {
				t.Fatalf("conflictlint help %s: %v", a.Name, err)
			}
			title, body, _ := strings.Cut(a.Doc, "\n\n")
			help := string(out)
			if first, _, _ := strings.Cut(help, "\n"); first != a.Name+": "+title {
				t.Errorf("first line %q, want %q", first, a.Name+": "+title)
			}
			if !strings.HasSuffix(strings.TrimSpace(help), strings.TrimSpace(body)) {
				t.Errorf("conflictlint help %s does not end with the analyzer's Doc:\n%s", a.Name, help)
			}
			page := filepath.Join(moduleRoot, "docs", "checks", a.Name+".md")
			if _, err := os.Stat(page); err != nil || !strings.HasSuffix(a.URL, "/docs/checks/"+a.Name+".md") {
				t.Errorf("URL %s: want the address of %s (stat: %v)", a.URL, page, err)
			}
		})
	}
}
