package docs

import (
	"fmt"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"strings"
)

// Markdown renders the page of the analyzer name (see Page) from the Go
// source of its doc.go: the section "# Analyzer name", which is what
// Extract returns and `conflictlint help name` prints, then every section
// that follows it in the package comment (fixes, limits, details), up to
// the next "# Analyzer" section. doc.go is the one source of the three.
//
// The doc comment's syntax maps onto Markdown: headings become second-level
// headings, code blocks fenced blocks (marked go when they parse as Go),
// lists lists, and links links; a link into this repository's main branch
// becomes a link relative to the page, so that it is checked with the
// repository's other relative links. Plain text is copied with its
// Markdown-significant characters escaped outside `code spans`, so the
// backquoted code of a doc comment shows as code.
func Markdown(content, name string) (string, error) {
	if _, err := Extract(content, name); err != nil {
		return "", err
	}
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	// Extract succeeded, so the heading and the title line are there.
	_, section, _ := strings.Cut(f.Doc.Text(), "# Analyzer "+name+"\n")
	if next := strings.Index(section, "\n# Analyzer "); next >= 0 {
		section = section[:next]
	}
	d := new(comment.Parser).Parse(section)
	if len(d.Content) == 0 {
		return "", fmt.Errorf("the %q section is empty", name)
	}
	title, ok := d.Content[0].(*comment.Paragraph)
	if !ok {
		return "", fmt.Errorf("the %q section does not start with its title line", name)
	}

	var b strings.Builder
	fmt.Fprintf(&b, "<!-- Generated from analyzer/%s/doc.go by `go test ./analyzer -run TestCheckPages -update`. Edit doc.go, not this file. -->\n\n", name)
	fmt.Fprintf(&b, "# %s\n\n", name)
	r := renderer{b: &b}
	titleText := strings.TrimSpace(strings.TrimPrefix(r.inline(title.Text), name+":"))
	fmt.Fprintf(&b, "**%s**\n", titleText)
	helpEnds := false
	for _, block := range d.Content[1:] {
		if _, ok := block.(*comment.Heading); ok && !helpEnds {
			helpEnds = true
			fmt.Fprintf(&b, "\n*`conflictlint help %s` prints the text above; what follows is the rest of the analyzer's documentation.*\n", name)
		}
		b.WriteString("\n")
		r.block(block)
	}
	return b.String(), nil
}

// renderer writes doc comment blocks as Markdown into b.
type renderer struct{ b *strings.Builder }

func (r renderer) block(block comment.Block) {
	switch x := block.(type) {
	case *comment.Heading:
		fmt.Fprintf(r.b, "## %s\n", r.inline(x.Text))
	case *comment.Paragraph:
		r.b.WriteString(r.inline(x.Text))
		r.b.WriteString("\n")
	case *comment.Code:
		fmt.Fprintf(r.b, "```%s\n%s```\n", codeLanguage(x.Text), x.Text)
	case *comment.List:
		for i, item := range x.Items {
			if i > 0 && x.BlankBetween() {
				r.b.WriteString("\n")
			}
			marker := "- "
			if item.Number != "" {
				marker = item.Number + ". "
			}
			indent := strings.Repeat(" ", len(marker))
			for j, c := range item.Content {
				p, ok := c.(*comment.Paragraph)
				if !ok {
					continue // the parser puts only paragraphs in items
				}
				lines := strings.Split(r.inline(p.Text), "\n")
				for k, line := range lines {
					switch {
					case j == 0 && k == 0:
						r.b.WriteString(marker)
					case k == 0:
						r.b.WriteString("\n" + indent)
					default:
						r.b.WriteString(indent)
					}
					r.b.WriteString(line + "\n")
				}
			}
		}
	}
}

// inline renders text: plain text escaped, links as Markdown links.
func (r renderer) inline(text []comment.Text) string {
	var s strings.Builder
	for _, t := range text {
		switch x := t.(type) {
		case comment.Plain:
			s.WriteString(escape(string(x)))
		case comment.Italic:
			s.WriteString("*" + escape(string(x)) + "*")
		case *comment.Link:
			target := relative(x.URL)
			label := r.inline(x.Text)
			if x.Auto {
				label = escape(strings.TrimPrefix(strings.TrimPrefix(x.URL, blob), tree))
			}
			fmt.Fprintf(&s, "[%s](%s)", label, target)
		case *comment.DocLink:
			// A Go doc link has no page here: keep its text as written.
			s.WriteString("[" + r.inline(x.Text) + "]")
		}
	}
	return s.String()
}

// relative turns an address in the repository's main branch into a path
// relative to docs/checks, where the pages are; other addresses stay.
func relative(url string) string {
	var target string
	switch {
	case strings.HasPrefix(url, blob):
		target = strings.TrimPrefix(url, blob)
	case strings.HasPrefix(url, tree):
		target = strings.TrimPrefix(url, tree)
	case strings.HasPrefix(url, Repository+"#"):
		target = "README.md" + strings.TrimPrefix(url, Repository)
	default:
		return url
	}
	file, anchor, _ := strings.Cut(target, "#")
	if anchor != "" {
		anchor = "#" + anchor
	}
	// Climb from docs/checks to the deepest directory it shares with file.
	from := path.Dir(Page("x"))
	up := ""
	for from != "." && !strings.HasPrefix(file, from+"/") {
		from = path.Dir(from)
		up += "../"
	}
	if from != "." {
		file = strings.TrimPrefix(file, from+"/")
	}
	return up + file + anchor
}

// inlineSpecial escapes what would start emphasis or HTML in plain text;
// lineStart matches what would start a heading, a quote or a list item at
// the beginning of a line.
var (
	inlineSpecial = strings.NewReplacer(`*`, `\*`, `<`, `&lt;`)
	lineStart     = regexp.MustCompile(`^([-+>#]|[0-9]+[.)])([ \t]|$)`)
)

// escape escapes plain text for Markdown, leaving `code spans` (which may
// run across lines) as they are.
func escape(s string) string {
	var out strings.Builder
	inCode := false
	for i, part := range strings.Split(s, "`") {
		if i > 0 {
			out.WriteString("`")
			inCode = !inCode
		}
		if inCode {
			out.WriteString(part)
			continue
		}
		lines := strings.Split(inlineSpecial.Replace(part), "\n")
		for j, line := range lines {
			atLineStart := j > 0 || (i == 0 && j == 0) || strings.HasSuffix(out.String(), "\n")
			if atLineStart {
				if m := lineStart.FindStringSubmatchIndex(line); m != nil {
					end := m[3] // the marker's end: escape its last character
					line = line[:end-1] + `\` + line[end-1:]
				}
			}
			if j > 0 {
				out.WriteString("\n")
			}
			out.WriteString(line)
		}
	}
	return out.String()
}

// codeLanguage is "go" for a code block that parses as Go declarations or
// statements, and "" (no highlighting) for anything else: a diagnostic's
// message, a command line.
func codeLanguage(code string) string {
	fset := token.NewFileSet()
	if _, err := parser.ParseFile(fset, "", "package p\n"+code, 0); err == nil {
		return "go"
	}
	if _, err := parser.ParseFile(fset, "", "package p\nfunc _() {\n"+code+"\n}", 0); err == nil {
		return "go"
	}
	return ""
}
