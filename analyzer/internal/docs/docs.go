// Package docs extracts an analyzer's documentation from the "# Analyzer
// <name>" section of its package's doc.go, so that go doc, the analyzer's
// Doc field and `conflictlint help <name>` all show one text.
package docs

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// Extract returns the section "# Analyzer name" of the package comment in
// the Go source file content, with the heading removed. The first line is
// the title ("name: what it reports"), as go/analysis expects.
func Extract(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("parsing doc.go: %w", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package comment")
	}
	heading := "# Analyzer " + name
	text := f.Doc.Text()
	_, section, ok := strings.Cut(text, heading+"\n")
	if !ok {
		return "", fmt.Errorf("doc.go has no %q section", heading)
	}
	if next := strings.Index(section, "\n# "); next >= 0 {
		section = section[:next]
	}
	section = strings.TrimSpace(section)
	body, ok := strings.CutPrefix(section, name+":")
	if !ok {
		return "", fmt.Errorf("%q is not followed by a %q title line", heading, name+": summary")
	}
	return strings.TrimSpace(body), nil
}

// MustExtract is Extract for package initialisation: a missing section is a
// programming error.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}
