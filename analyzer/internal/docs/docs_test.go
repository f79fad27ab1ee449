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

const page = `// Package p does things.
//
// # Analyzer alpha
//
// alpha: report alpha things
//
// Alpha writes *T values; see the [evaluation] and
// https://github.com/conflictlint/conflictlint/blob/main/docs/checks/beta.md.
//
//	if err := c.Update(ctx, &cm); err != nil {
//		return err
//	}
//
// reports
//
//	update of cm is lost: return the error
//
// # Fixes
//
// A fix:
//   - returns the error;
//   - keeps <the log line>.
//
// [evaluation]: https://github.com/conflictlint/conflictlint/blob/main/docs/evaluation.md#cost
//
// # Analyzer beta
//
// beta: report beta things
package p
`

func TestMarkdown(t *testing.T) {
	got, err := Markdown(page, "alpha")
	if err != nil {
		t.Fatal(err)
	}
	want := "<!-- Generated from analyzer/alpha/doc.go by `go test ./analyzer -run TestCheckPages -update`. Edit doc.go, not this file. -->\n" +
		"\n# alpha\n\n**report alpha things**\n" +
		"\nAlpha writes \\*T values; see the [evaluation](../evaluation.md#cost) and\n[docs/checks/beta.md](beta.md).\n" +
		"\n```go\nif err := c.Update(ctx, &cm); err != nil {\n\treturn err\n}\n```\n" +
		"\nreports\n" +
		"\n```\nupdate of cm is lost: return the error\n```\n" +
		"\n*`conflictlint help alpha` prints the text above; what follows is the rest of the analyzer's documentation.*\n" +
		"\n## Fixes\n" +
		"\nA fix:\n" +
		"\n- returns the error;\n- keeps &lt;the log line>.\n"
	if got != want {
		t.Errorf("Markdown(alpha) =\n%s\nwant\n%s", got, want)
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"a *b* `*c*`":          `a \*b\* ` + "`*c*`",
		"x\n- y\n1. z":         "x\n\\- y\n1\\. z",
		"`multi\n- line` code": "`multi\n- line` code",
		"<name>":               "&lt;name>",
	} {
		if got := escape(in); got != want {
			t.Errorf("escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestURL(t *testing.T) {
	if got, want := URL("alpha"), "https://github.com/conflictlint/conflictlint/blob/main/docs/checks/alpha.md"; got != want {
		t.Errorf("URL = %q, want %q", got, want)
	}
	for url, want := range map[string]string{
		Repository + "/blob/main/docs/usage.md#baseline": "../usage.md#baseline",
		Repository + "#install":                          "../../README.md#install",
		Repository + "/tree/main/testdata/example":       "../../testdata/example",
		"https://go.dev/":                                "https://go.dev/",
	} {
		if got := relative(url); got != want {
			t.Errorf("relative(%q) = %q, want %q", url, got, want)
		}
	}
}
