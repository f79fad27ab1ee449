// Package editors reads the text output of conflictlint's channels (the
// standalone command, go vet -vettool, golangci-lint with the plugin) the
// way the editor integrations of docs/editors.md read it, so that the
// end-to-end tests can hold every channel to the one line form they all
// parse:
//
//	path/to/file.go:LINE:COL: message
//
// Each integration is described by the pattern it applies to a line of
// output; none of them is run. The patterns are written here from the
// integrations' documented behaviour:
//
//   - VS Code's Go extension (vscode-go) reads the output of its lint tool
//     (golangci-lint) and of go vet line by line: an optional
//     "prefix: ", a file name without a colon (a drive letter aside), a line,
//     an optional column, an optional "word:" and then, after one space,
//     the message; a line that starts with a tab continues the message
//     before it.
//   - Vim's and Neovim's errorformat "%f:%l:%c: %m", which nvim-lint's
//     from_errorformat parser uses.
//   - JetBrains IDEs' output filter "$FILE_PATH$:$LINE$:$COLUMN$: .*" for an
//     external tool, which links absolute paths only.
//   - none-ls's (Neovim) helpers.diagnostics.from_pattern with the Lua
//     pattern NoneLSPattern and the groups NoneLSGroups, the recipe of
//     docs/editors.md, translated from Lua's pattern syntax by LuaPattern.
package editors

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/internal/expected"
)

// A Diagnostic is what an integration takes from one line of output.
type Diagnostic struct {
	File      string // as printed: absolute, or relative to the directory the tool ran in
	Line, Col int
	Message   string
}

// Related reports whether d is a diagnostic's related position, which the
// go vet text form prints on a line of its own with a tab before the
// message. The standalone command starts such a line with the tab
// instead, and Lines takes it for the continuation it is to vscode-go.
func (d Diagnostic) Related() bool { return strings.HasPrefix(d.Message, "\t") }

// A Reader is one integration's way of reading a line.
type Reader struct {
	Name         string
	AbsoluteOnly bool // it links only absolute paths
	pattern      *regexp.Regexp
}

// Read returns the diagnostic r reads in line, if any.
func (r Reader) Read(line string) (Diagnostic, bool) {
	m := r.pattern.FindStringSubmatch(line)
	if m == nil {
		return Diagnostic{}, false
	}
	get := func(name string) string { return m[r.pattern.SubexpIndex(name)] }
	d := Diagnostic{File: get("file"), Message: get("msg")}
	d.Line, _ = strconv.Atoi(get("line"))
	d.Col, _ = strconv.Atoi(get("col"))
	if r.AbsoluteOnly && !filepath.IsAbs(d.File) {
		return Diagnostic{}, false
	}
	return d, true
}

// Readers are the integrations of docs/editors.md.
var Readers = []Reader{
	{
		Name:    "VS Code (vscode-go)",
		pattern: regexp.MustCompile(`^(?:[^:]*: )?(?P<file>(?:.:)?[^:]*):(?P<line>[0-9]+)(?::(?P<col>[0-9]+)?)?:(?:\w+:)? (?P<msg>.*)$`),
	},
	{
		Name:    `Vim errorformat "%f:%l:%c: %m" (nvim-lint)`,
		pattern: regexp.MustCompile(`^(?P<file>[^:]+):(?P<line>[0-9]+):(?P<col>[0-9]+): (?P<msg>.*)$`),
	},
	NoneLS(),
	{
		Name:         `JetBrains output filter "$FILE_PATH$:$LINE$:$COLUMN$: .*"`,
		AbsoluteOnly: true,
		pattern:      regexp.MustCompile(`^(?P<file>/[^:]*):(?P<line>[0-9]+):(?P<col>[0-9]+): (?P<msg>.*)$`),
	},
}

// Lines reads output, the text a channel printed after running in dir, the
// way every reader does, and returns its diagnostics. It fails t for a
// line that is not a diagnostic (go vet's "# package" headers aside), that
// a reader reads differently from the others or cannot read (a reader that
// links only absolute paths is not asked about relative ones), without a
// column, or whose file does not exist.
func Lines(t testing.TB, what string, output []byte, dir string) []Diagnostic {
	t.Helper()
	var ds []Diagnostic
	for i, line := range strings.Split(string(output), "\n") {
		if line == "" || strings.HasPrefix(line, "# ") {
			continue // go vet names the package whose findings follow
		}
		if strings.HasPrefix(line, "\t") {
			continue // the standalone command's related position: vscode-go continues the message before it
		}
		d, err := read(line)
		if err != nil {
			t.Errorf("%s, output line %d: %v", what, i+1, err)
			continue
		}
		path := d.File
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s, output line %d names a file that does not exist: %v", what, i+1, err)
		}
		ds = append(ds, d)
	}
	return ds
}

// read reads line with every reader, which must agree.
func read(line string) (Diagnostic, error) {
	var first Diagnostic
	asked := 0
	for _, r := range Readers {
		d, ok := r.Read(line)
		if !ok {
			if r.AbsoluteOnly && !strings.HasPrefix(line, "/") {
				continue
			}
			return Diagnostic{}, fmt.Errorf("%s does not read %q as a diagnostic", r.Name, line)
		}
		if asked > 0 && d != first {
			return Diagnostic{}, fmt.Errorf("%s reads %q as %+v, %s as %+v", r.Name, line, d, Readers[0].Name, first)
		}
		first = d
		asked++
	}
	if first.Col == 0 {
		return Diagnostic{}, fmt.Errorf("%q has no column", line)
	}
	if strings.TrimSpace(first.Message) == "" {
		return Diagnostic{}, fmt.Errorf("%q has no message", line)
	}
	return first, nil
}

// Findings returns the positions of the diagnostics in ds that are findings
// (related positions left out), relative to dir, in the form expected.txt
// lists them; the analyzer's name is left empty.
func Findings(ds []Diagnostic, dir string) []expected.Finding {
	var fs []expected.Finding
	for _, d := range ds {
		if d.Related() {
			continue
		}
		path := d.File
		if filepath.IsAbs(path) {
			if rel, err := filepath.Rel(dir, path); err == nil {
				path = rel
			}
		}
		fs = append(fs, expected.Finding{Path: filepath.ToSlash(filepath.Clean(path)), Line: d.Line})
	}
	return fs
}
