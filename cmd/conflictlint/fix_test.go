package main

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// insertAt is an insertion of text at offset off of file name.
func insertAt(name string, off int, text string) edit {
	p := token.Position{Filename: name, Offset: off}
	return edit{Pos: p, End: p, File: filepath.Base(name), New: text}
}

// TestTwoFixesAddingImportsAtOnePlaceBothApply plans three fixes of one
// file: two that each add another import at the same place, and one that
// inserts a statement there too. The two imports both apply (gofmt sorts
// them); the statement, whose order against the others would be
// arbitrary, waits for the next run.
func TestTwoFixesAddingImportsAtOnePlaceBothApply(t *testing.T) {
	src := "package p\n\nimport (\n\t\"context\"\n)\n\nvar _ context.Context\n"
	name := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := strings.Index(src, "\"context\"") + len("\"context\"")
	fixOf := func(e edit) *finding { return &finding{Fixes: []fix{{Edits: []edit{e}}}} }
	plan := planFixes([]*finding{
		fixOf(insertAt(name, at, "\n\t\"k8s.io/client-go/util/retry\"")),
		fixOf(insertAt(name, at, "\n\tapierrors \"k8s.io/apimachinery/pkg/api/errors\"")),
		fixOf(insertAt(name, at, "\n\tvar x int")),
	})
	if plan.summary.applied != 2 || plan.summary.overlapping != 1 {
		t.Fatalf("applied %d, overlapping %d; want the two imports applied and the statement left out", plan.summary.applied, plan.summary.overlapping)
	}
	_, fixed, err := fixedSource(name, plan.edits[name])
	if err != nil {
		t.Fatal(err)
	}
	want := "import (\n\t\"context\"\n\tapierrors \"k8s.io/apimachinery/pkg/api/errors\"\n\t\"k8s.io/client-go/util/retry\"\n)"
	if !strings.Contains(string(fixed), want) {
		t.Errorf("fixed source:\n%s\nwant it to hold:\n%s", fixed, want)
	}
}
