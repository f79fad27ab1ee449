// Package expected is the end-to-end tests' view of a module's expected
// findings: the expected.txt format (one `path.go:LINE: analyzer` a line,
// blank lines and # comments ignored), comparing findings with it, and the
// environment the tests run go commands and tools in, so that the
// standalone, vet and golangci-lint tests read and judge it alike.
package expected

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A Finding is one reported diagnostic, reduced to what expected.txt pins
// down. Analyzer is empty when the output does not name it (text).
type Finding struct {
	Path     string // slash-separated, relative to the module
	Line     int
	Analyzer string
}

func (f Finding) String() string {
	if f.Analyzer == "" {
		return fmt.Sprintf("%s:%d", f.Path, f.Line)
	}
	return fmt.Sprintf("%s:%d: %s", f.Path, f.Line, f.Analyzer)
}

// Compare orders findings by path, line and analyzer.
func Compare(a, b Finding) int {
	return cmp.Or(
		strings.Compare(a.Path, b.Path),
		cmp.Compare(a.Line, b.Line),
		strings.Compare(a.Analyzer, b.Analyzer),
	)
}

// PositionsOnly drops the analyzer names, for comparing with output that
// does not give them.
func PositionsOnly(fs []Finding) []Finding {
	out := make([]Finding, len(fs))
	for i, f := range fs {
		out[i] = Finding{Path: f.Path, Line: f.Line}
	}
	return out
}

// Without returns fs less the findings of analyzer.
func Without(fs []Finding, analyzer string) []Finding {
	return slices.DeleteFunc(slices.Clone(fs), func(f Finding) bool { return f.Analyzer == analyzer })
}

// line is one finding in expected.txt.
var line = regexp.MustCompile(`^(\S+\.go):([0-9]+): ([a-z][a-z0-9_]*)$`)

// Parse reads the expected.txt format.
func Parse(data []byte) ([]Finding, error) {
	var fs []Finding
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		m := line.FindStringSubmatch(text)
		if m == nil {
			return nil, fmt.Errorf("line %d: %q is not of the form path.go:LINE: analyzer", n, text)
		}
		lineNo, _ := strconv.Atoi(m[2])
		fs = append(fs, Finding{Path: m[1], Line: lineNo, Analyzer: m[3]})
	}
	return fs, sc.Err()
}

// Read reads dir/expected.txt, failing the test when it cannot.
func Read(t testing.TB, dir string) []Finding {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "expected.txt"))
	if err != nil {
		t.Fatalf("reading expected findings: %v", err)
	}
	want, err := Parse(data)
	if err != nil {
		t.Fatalf("expected.txt: %v", err)
	}
	return want
}

// Diff returns the findings of want missing from got and those of got not
// in want, counting duplicates; both come back sorted.
func Diff(want, got []Finding) (missing, unexpected []Finding) {
	want = slices.SortedFunc(slices.Values(want), Compare)
	got = slices.SortedFunc(slices.Values(got), Compare)
	i, j := 0, 0
	for i < len(want) || j < len(got) {
		var c int
		switch {
		case i == len(want):
			c = 1
		case j == len(got):
			c = -1
		default:
			c = Compare(want[i], got[j])
		}
		switch {
		case c < 0:
			missing = append(missing, want[i])
			i++
		case c > 0:
			unexpected = append(unexpected, got[j])
			j++
		default:
			i++
			j++
		}
	}
	return missing, unexpected
}

// Check fails the test with a diff unless got and want hold the same
// findings, counting duplicates; what names the run and where.
func Check(t testing.TB, what string, want, got []Finding) {
	t.Helper()
	missing, unexpected := Diff(want, got)
	if len(missing) == 0 && len(unexpected) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: findings differ from expected.txt\n", what)
	section(&b, "missing (expected, not reported)", missing)
	section(&b, "unexpected (reported, not expected)", unexpected)
	t.Error(b.String())
}

func section(b *strings.Builder, title string, fs []Finding) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(b, "%s:\n", title)
	for _, f := range fs {
		fmt.Fprintf(b, "\t%s\n", f)
	}
}

// Env is the environment for go commands and tools run in an end-to-end
// module: its go.mod and go.sum must be used as committed.
func Env() []string {
	flags := strings.TrimSpace(os.Getenv("GOFLAGS") + " -mod=readonly")
	return append(os.Environ(), "GOFLAGS="+flags, "GOWORK=off")
}
