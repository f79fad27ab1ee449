package docs

import (
	"strings"
	"testing"
)

const sample = `// Package p does things.
//
// # Analyzer alpha
//
// alpha: report alpha things
//
// Alpha explains itself here.
//
// # Analyzer beta
//
// beta: report beta things
package p
`

func TestExtract(t *testing.T) {
	got, err := Extract(sample, "alpha")
	if err != nil {
		t.Fatal(err)
	}
	if want := "report alpha things\n\nAlpha explains itself here."; got != want {
		t.Errorf("Extract(alpha) = %q, want %q", got, want)
	}
	if got, _ := Extract(sample, "beta"); got != "report beta things" {
		t.Errorf("Extract(beta) = %q", got)
	}
}

func TestExtractErrors(t *testing.T) {
	for _, tc := range []struct{ content, name, want string }{
		{sample, "gamma", `no "# Analyzer gamma" section`},
		{"package p\n", "alpha", "no package comment"},
		{strings.Replace(sample, "alpha: report", "report", 1), "alpha", "title line"},
		{"not go", "alpha", "parsing doc.go"},
	} {
		if _, err := Extract(tc.content, tc.name); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Extract(%q) error = %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
}
