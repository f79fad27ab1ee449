package conflictlint_test

// Tests of the documentation as files: the links of the README and of
// docs/ resolve, the README stays a front door, its test command is the one
// CI runs, and docs/ci.md shows the workflows the CI tests run.

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/conflictlint/conflictlint/internal/editors"
)

// repoURL is the repository on GitHub; addresses into its main branch are
// checked like relative links.
const repoURL = "https://github.com/conflictlint/conflictlint"

// markdownFiles lists README.md and every Markdown file under docs/.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir("docs", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, filepath.ToSlash(p))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestDocLinks checks every link of README.md and docs/**/*.md that points
// into the repository (a relative link, or an address of its main branch
// on GitHub): the file or directory exists, and an anchor names a heading
// of the Markdown file it points into. It also checks the repository's
// addresses that Go sources and YAML files hold (analyzer URLs, links in
// doc comments), the same way.
func TestDocLinks(t *testing.T) {
	anchors := map[string]map[string]bool{} // file -> its heading anchors
	anchorsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil
		}
		anchors[file] = headingAnchors(string(data))
		return anchors[file]
	}
	check := func(where, from, target string) {
		t.Helper()
		file, anchor, _ := strings.Cut(target, "#")
		if file == "" {
			file = from
		} else {
			file = path.Join(path.Dir(from), file)
		}
		if file == ".." || strings.HasPrefix(file, "../") {
			t.Errorf("%s: link %q leaves the repository", where, target)
			return
		}
		info, err := os.Stat(filepath.FromSlash(file))
		if err != nil {
			t.Errorf("%s: link %q: %v", where, target, err)
			return
		}
		if anchor == "" || info.IsDir() || !strings.HasSuffix(file, ".md") {
			return
		}
		if file == "README.md" && anchor == "readme" {
			return // GitHub's anchor of the README on the repository's page
		}
		if !anchorsOf(file)[anchor] {
			t.Errorf("%s: link %q: %s has no heading with anchor #%s", where, target, file, anchor)
		}
	}

	links := 0
	for _, file := range markdownFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range markdownLinks(string(data)) {
			where := fmt.Sprintf("%s:%d", file, l.line)
			switch target := l.target; {
			case strings.HasPrefix(target, repoURL):
				if rel, ok := repoPath(target); ok {
					check(where, "README.md", rel)
					links++
				}
			case strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:"):
			default:
				check(where, file, target)
				links++
			}
		}
	}
	if links < 50 {
		t.Errorf("only %d links checked: the link parser is broken", links)
	}

	// The repository's addresses in Go sources and YAML files.
	addr := regexp.MustCompile(regexp.QuoteMeta(repoURL) + `[^\s"'` + "`" + `)>\]]*`)
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (p == "testdata" || p == "bench" || strings.HasPrefix(d.Name(), ".") && p != ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || strings.HasSuffix(p, "_test.go") || !(strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".yml")) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range addr.FindAllString(string(data), -1) {
			m = strings.TrimRight(m, ".,;:")
			if rel, ok := repoPath(m); ok {
				check(filepath.ToSlash(p), "README.md", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// repoPath turns an address of the repository into a path from its root,
// as a link from README.md: the repository's page is the README, blob/main
// and tree/main lead to files and directories. Other addresses (issues,
// other branches) are not checked.
func repoPath(url string) (string, bool) {
	rest := strings.TrimPrefix(url, repoURL)
	switch {
	case rest == "" || rest == "/":
		return "README.md", true
	case strings.HasPrefix(rest, "#"):
		return "README.md" + rest, true
	case strings.HasPrefix(rest, "/blob/main/"):
		return strings.TrimPrefix(rest, "/blob/main/"), true
	case strings.HasPrefix(rest, "/tree/main/"):
		return strings.TrimPrefix(rest, "/tree/main/"), true
	}
	return "", false
}

type mdLink struct {
	line   int
	target string
}

var (
	inlineLink = regexp.MustCompile(`!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	codeSpan   = regexp.MustCompile("`[^`]*`")
)

// markdownLinks returns the inline links of a Markdown text, outside code
// blocks and code spans.
func markdownLinks(text string) []mdLink {
	var links []mdLink
	fenced := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		// A code span may hold a link's text ([`x`](y)); only spans
		// outside brackets hide what they hold.
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			links = append(links, mdLink{n, m[2]})
		}
		for _, span := range codeSpan.FindAllString(line, -1) {
			for _, m := range inlineLink.FindAllStringSubmatch(span, -1) {
				// A link written inside a code span is code, not a link.
				for i := range links {
					if links[i].line == n && links[i].target == m[2] {
						links = append(links[:i], links[i+1:]...)
						break
					}
				}
			}
		}
	}
	return links
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: the heading's text, lower case, without punctuation,
// spaces turned into hyphens, and -1, -2... after repeats.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		heading := strings.TrimSpace(strings.TrimLeft(line, "#"))
		heading = inlineLink.ReplaceAllString(heading, "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(heading) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		anchor := b.String()
		if n := seen[anchor]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", anchor, n)] = true
		} else {
			anchors[anchor] = true
		}
		seen[anchor]++
	}
	return anchors
}

func TestHeadingAnchors(t *testing.T) {
	got := headingAnchors("# Using conflictlint\n## Exit statuses\n```\n# not a heading\n```\n### [`unretriedupdate`](docs/x.md): a Conflict nobody retries\n## Exit statuses\n")
	for _, want := range []string{"using-conflictlint", "exit-statuses", "exit-statuses-1", "unretriedupdate-a-conflict-nobody-retries"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	if got["not-a-heading"] {
		t.Error("a comment in a code block became a heading")
	}
}

// TestReadmeIsAFrontDoor keeps the README short: the reference lives in
// docs/.
func TestReadmeIsAFrontDoor(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 300 {
		t.Errorf("README.md has %d lines; keep it under 300 and move reference material to docs/", n)
	}
	for _, link := range []string{"docs/editors.md", "docs/ci.md", "docs/bazel.md", "docs/usage.md", "docs/golangci-lint.md", "docs/evaluation.md"} {
		if !strings.Contains(string(data), "]("+link) {
			t.Errorf("README.md does not link %s", link)
		}
	}
}

// TestReadmeTestCommand checks that the command the README's "Test it"
// section gives is the one .ci/run runs as "the README's test command".
func TestReadmeTestCommand(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Test it\n")
	if !ok {
		t.Fatal(`README.md has no "## Test it" section`)
	}
	m := regexp.MustCompile("(?s)```sh\n(.*?)\n```").FindStringSubmatch(section)
	if m == nil {
		t.Fatal(`README.md's "Test it" section has no sh block`)
	}
	readmeCmd := strings.TrimSpace(m[1])

	script, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	// The step that runs it: the line after the echo that names it, less
	// its environment assignments.
	_, step, ok := strings.Cut(string(script), "(the README's test command)")
	if !ok {
		t.Fatal(".ci/run does not say which step runs the README's test command")
	}
	var ciCmd string
	for _, line := range strings.Split(step, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, `"`) {
			continue
		}
		words := strings.Fields(line)
		for len(words) > 0 && regexp.MustCompile(`^[A-Z_]+=`).MatchString(words[0]) {
			words = words[1:]
			// A quoted assignment may hold spaces: skip to its end.
			for len(words) > 0 && strings.Count(strings.Join(words, " "), `"`)%2 == 1 && !strings.HasPrefix(words[0], "go") {
				words = words[1:]
			}
		}
		if len(words) > 0 && words[0] == "go" {
			ciCmd = strings.Join(words, " ")
			break
		}
	}
	if ciCmd != readmeCmd {
		t.Errorf("README.md's test command is %q, .ci/run runs %q", readmeCmd, ciCmd)
	}
}

// TestCIDocsShowTheExamples checks that docs/ci.md shows each workflow of
// docs/examples as it is, since the tests run the files.
func TestCIDocsShowTheExamples(t *testing.T) {
	doc, err := os.ReadFile("docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	examples, _ := filepath.Glob("docs/examples/*.yml")
	if len(examples) < 3 {
		t.Fatalf("docs/examples has %d workflows, want at least 3", len(examples))
	}
	for _, ex := range examples {
		data, err := os.ReadFile(ex)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(doc), "```yaml\n"+string(data)+"```\n") {
			t.Errorf("docs/ci.md does not show %s as it is", ex)
		}
	}
}

// TestEditorRecipes checks that the Neovim recipes of docs/editors.md
// parse the command's output with the patterns internal/editors holds every
// channel's output to: nvim-lint's errorformat, and none-ls's Lua pattern
// and groups, with the options that make the command's output reach it
// (standard error, line by line, findings in other files, exit status 3).
func TestEditorRecipes(t *testing.T) {
	data, err := os.ReadFile("docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```lua\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	recipe := func(marker string) string {
		for _, b := range blocks {
			if strings.Contains(b[1], marker) {
				return b[1]
			}
		}
		t.Fatalf("docs/editors.md has no lua block with %q", marker)
		return ""
	}
	quoted := make([]string, len(editors.NoneLSGroups))
	for i, g := range editors.NoneLSGroups {
		quoted[i] = "'" + g + "'"
	}
	for marker, wants := range map[string][]string{
		"lint.linters.conflictlint": {
			"from_errorformat('%f:%l:%c: %m')", "stream = 'stdout'", "ignore_exitcode = true",
		},
		"null_ls.register": {
			"[[" + editors.NoneLSPattern + "]]",
			"{ " + strings.Join(quoted, ", ") + " }",
			"col = function(entries) return entries._col end",
			"from_stderr = false", "args = { '-abs', '.' }", "format = 'line'", "multiple_files = true", "check_exit_code = { 0, 3 }",
			"command = 'conflictlint'",
		},
	} {
		block := recipe(marker)
		for _, want := range wants {
			if !strings.Contains(block, want) {
				t.Errorf("the recipe with %s does not have %q:\n%s", marker, want, block)
			}
		}
	}
	names := make([]string, len(editors.Readers))
	for i, r := range editors.Readers {
		names[i] = r.Name
	}
	for _, want := range []string{`"%f:%l:%c: %m"`, editors.NoneLSPattern} {
		if !strings.Contains(strings.Join(names, "\n"), want) {
			t.Errorf("internal/editors has no reader for %s: %q", want, names)
		}
	}
}

// userGuides are the pages a user reads: README.md and every Markdown
// page under docs/ that the README links, directly or as a directory
// (docs/checks/), except the working records under docs/evaluation/.
func userGuides(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	guides := []string{"README.md"}
	seen := map[string]bool{"README.md": true}
	add := func(p string) {
		if !seen[p] && !strings.HasPrefix(p, "docs/evaluation/") {
			seen[p] = true
			guides = append(guides, p)
		}
	}
	for _, l := range markdownLinks(string(data)) {
		target := l.target
		if strings.HasPrefix(target, repoURL) {
			rel, ok := repoPath(target)
			if !ok {
				continue
			}
			target = rel
		}
		file, _, _ := strings.Cut(target, "#")
		file = path.Clean(file)
		if !strings.HasPrefix(file, "docs/") || strings.HasPrefix(file, "docs/evaluation/") || file == "docs/evaluation" {
			continue
		}
		if strings.HasSuffix(file, ".md") {
			add(file)
			continue
		}
		pages, _ := filepath.Glob(filepath.Join(filepath.FromSlash(file), "*.md"))
		for _, p := range pages {
			add(filepath.ToSlash(p))
		}
	}
	// The pages a user needs most, so that a README that stops linking
	// them does not also stop their check.
	for _, want := range []string{"docs/usage.md", "docs/ci.md", "docs/evaluation.md", "docs/measurements.md", "docs/realbugs.md", "docs/fixes.md", "docs/checks/unretriedupdate.md"} {
		if !seen[want] {
			t.Errorf("README.md does not link %s", want)
		}
	}
	return guides
}

// workLog matches what belongs in a work log, not in a guide: the
// project's issue numbers, rounds of work, sessions, the model of the
// moment, runs in progress, releases that do not exist.
var workLog = regexp.MustCompile(`(?i)\bissues? \d+|\b(this|next|previous|latest|last|first|second|a new|each|every) round\b|\brounds? \d|\bthis (model|session|branch)\b|\bthe run goes on\b|\breleases? ago\b|\bon main\b`)

// commitID matches an abbreviated commit hash (a full one pins an action
// or a module, which is what a guide should show).
var commitID = regexp.MustCompile(`\b[0-9a-f]{7,12}\b`)

// TestUserGuidesAreNotJournals keeps the user guides free of work-log
// words and abbreviated commit ids. The text of a link to another
// project (an upstream fix's "issue 564" or "b14b8b2") cites that project
// and is not read.
func TestUserGuidesAreNotJournals(t *testing.T) {
	for _, file := range userGuides(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(data), "\n") {
			text := withoutCitations(line)
			if m := workLog.FindString(text); m != "" {
				t.Errorf("%s:%d: %q reads like a work log: %s", file, n+1, m, line)
			}
			for _, id := range commitID.FindAllString(text, -1) {
				if strings.ContainsAny(id, "0123456789") && strings.ContainsAny(id, "abcdef") {
					t.Errorf("%s:%d: %q looks like a commit id: %s", file, n+1, id, line)
				}
			}
		}
	}
	if !workLog.MatchString("with the binary of 8a6aae3 (this model) the run goes on") || !workLog.MatchString("issue 25's Kubernetes round") {
		t.Error("the work-log pattern misses the README's old wording")
	}
	if got := withoutCitations("see [issue 564](https://github.com/akuity/kargo/issues/564) and [issue 50](" + repoURL + "/issues/50)"); workLog.FindString(got) != "issue 50" {
		t.Errorf("citations: %q keeps the wrong link text", got)
	}
}

// withoutCitations drops the links of a Markdown line that lead to other
// projects, text and address; links into this repository stay.
func withoutCitations(line string) string {
	return inlineLink.ReplaceAllStringFunc(line, func(link string) string {
		target := inlineLink.FindStringSubmatch(link)[2]
		if strings.Contains(target, "://") && !strings.HasPrefix(target, repoURL) {
			return ""
		}
		return link
	})
}

// TestReadmeFigures checks that the README gives its figures as one dated
// table that links to the method.
func TestReadmeFigures(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Precision, recall and speed\n")
	if !ok {
		t.Fatal(`README.md has no "## Precision, recall and speed" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	if !regexp.MustCompile(`\b(January|February|March|April|May|June|July|August|September|October|November|December) 20\d\d\b`).MatchString(section) {
		t.Error("the figures do not say when they were measured")
	}
	if n := strings.Count(section, "\n| --- "); n != 1 {
		t.Errorf("the section has %d tables, want one", n)
	}
	for _, link := range []string{"](docs/measurements.md)", "](docs/evaluation.md)"} {
		if !strings.Contains(section, link) {
			t.Errorf("the section does not link %s", strings.Trim(link, "]()"))
		}
	}
	if lines := strings.Count(strings.TrimSpace(section), "\n") + 1; lines > 25 {
		t.Errorf("the section has %d lines; keep the figures in a short table and the detail in docs/measurements.md", lines)
	}
}

// TestAddingACheckNamesExist keeps the walk-through of docs/structure.md
// ("Adding a check") true to the code: each code span that is a path of
// the repository (it has a slash; "/..." stands for the packages below)
// must exist, and each that is a Go name must be declared in the module
// (outside testdata): a plain name anywhere, as a declaration, method or
// field; pkg.Name in the package so named; Type.Member and
// pkg.Type.Member as a method or field of that type. Spans holding a
// placeholder (<name>), spaces or other syntax are not read, and neither
// are names qualified by a package of another module (json.Marshal).
func TestAddingACheckNamesExist(t *testing.T) {
	data, err := os.ReadFile("docs/structure.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Adding a check\n")
	if !ok {
		t.Fatal(`docs/structure.md has no "## Adding a check" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	decls := declaredNames(t)
	repoPath := regexp.MustCompile(`^[\w.-]+(/[\w.-]+)*/[\w.-]+$|^[\w.-]+(/[\w.-]+)*/\.\.\.$`)
	goName := regexp.MustCompile(`^\w+(\.\w+){0,2}$`)
	checked := 0
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(strings.ReplaceAll(section, "\n", " "), -1) {
		span := m[1]
		if i := strings.Index(span, "("); i > 0 && strings.HasSuffix(span, ")") {
			span = span[:i] // a call: testdir.Path(t)
		}
		switch {
		case strings.HasSuffix(span, ".go") && !strings.Contains(span, "/"):
			continue // a file of the package the text is about
		case repoPath.MatchString(span):
			span = strings.TrimSuffix(span, "/...")
			if _, err := os.Stat(filepath.FromSlash(span)); err != nil {
				t.Errorf("docs/structure.md names %s: %v", m[1], err)
			}
		case goName.MatchString(span):
			if !decls.has(strings.Split(span, ".")) {
				t.Errorf("docs/structure.md names %s, which the module does not declare", m[1])
			}
		default:
			continue
		}
		checked++
	}
	if checked < 50 {
		t.Errorf("only %d paths and names checked in the section: the test reads too little", checked)
	}
}

// goDecls are the names the module's Go files declare.
type goDecls struct {
	all     map[string]bool            // every name: declarations, methods, fields
	pkgs    map[string]map[string]bool // package name -> its top-level names
	members map[string]map[string]bool // type name, alone and as pkg.Type -> its methods and fields
}

// has reports whether the name parts (Name, X.Name or pkg.Type.Member)
// are declared. A qualifier that is neither a package nor a type of the
// module is another module's: not checked.
func (d goDecls) has(parts []string) bool {
	switch {
	case len(parts) == 1:
		return d.all[parts[0]]
	case len(parts) == 3:
		return d.pkgs[parts[0]] == nil || d.members[parts[0]+"."+parts[1]][parts[2]]
	case d.pkgs[parts[0]] != nil:
		return d.pkgs[parts[0]][parts[1]]
	case d.members[parts[0]] != nil:
		return d.members[parts[0]][parts[1]]
	}
	return true
}

// declaredNames parses every Go file of the module outside testdata and
// bench.
func declaredNames(t *testing.T) goDecls {
	t.Helper()
	d := goDecls{map[string]bool{}, map[string]map[string]bool{}, map[string]map[string]bool{}}
	add := func(m map[string]map[string]bool, key, name string) {
		if m[key] == nil {
			m[key] = map[string]bool{}
		}
		m[key][name] = true
		d.all[name] = true
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && p != "." && (e.Name() == "testdata" || e.Name() == "bench" || strings.HasPrefix(e.Name(), ".")) {
			return filepath.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkg := strings.TrimSuffix(f.Name.Name, "_test")
		fields := func(typ string, list *ast.FieldList) {
			for _, fld := range list.List {
				for _, n := range fld.Names {
					add(d.members, typ, n.Name)
					add(d.members, pkg+"."+typ, n.Name)
				}
			}
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv == nil {
					add(d.pkgs, pkg, decl.Name.Name)
					continue
				}
				recv := decl.Recv.List[0].Type
				if x, ok := recv.(*ast.StarExpr); ok {
					recv = x.X
				}
				if x, ok := recv.(*ast.IndexExpr); ok { // a generic receiver
					recv = x.X
				}
				if x, ok := recv.(*ast.IndexListExpr); ok {
					recv = x.X
				}
				if id, ok := recv.(*ast.Ident); ok {
					add(d.members, id.Name, decl.Name.Name)
					add(d.members, pkg+"."+id.Name, decl.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						add(d.pkgs, pkg, spec.Name.Name)
						switch typ := spec.Type.(type) {
						case *ast.StructType:
							fields(spec.Name.Name, typ.Fields)
						case *ast.InterfaceType:
							fields(spec.Name.Name, typ.Methods)
						}
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							add(d.pkgs, pkg, n.Name)
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}
