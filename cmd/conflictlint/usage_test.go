package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer"
)

// goTypeName matches what encoding/json and reflect say of Go types, which
// a user of the command should never read.
var goTypeName = regexp.MustCompile(`Go value|Go struct|of type|struct \{|\*int|\[\]main\.|main\.[a-z]+`)

// TestHelpListsAnalyzers: help prints the usage with every analyzer and
// the title of its documentation, on standard output, with status 0.
func TestHelpListsAnalyzers(t *testing.T) {
	o := conflictlint(t, t.TempDir(), "help")
	o.want(t, exitClean)
	for _, a := range analyzer.Default() {
		title, _, _ := strings.Cut(a.Doc, "\n\n")
		line := regexp.MustCompile(`(?m)^  ` + a.Name + ` +` + regexp.QuoteMeta(title) + `$`)
		if !line.MatchString(o.stdout) {
			t.Errorf("help does not list %s with %q:\n%s", a.Name, title, o.stdout)
		}
	}
	if !strings.Contains(o.stdout, "-tags tags") || !strings.Contains(o.stdout, "-diff") {
		t.Errorf("help does not show -tags and -diff:\n%s", o.stdout)
	}
	if !strings.Contains(o.stdout, "-NAME runs only the named ones") {
		t.Errorf("help does not say that naming an analyzer runs only that one:\n%s", o.stdout)
	}
}

// TestUsageErrors: every mistake on the command line exits 2 with one
// line that says what is accepted, and no Go type names.
func TestUsageErrors(t *testing.T) {
	all := "unretriedupdate, staleupdate, retryreget, listermutation, ignoredirective"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "nosuch"}, "help: no analyzer is named \"nosuch\"; the analyzers are:\n  unretriedupdate "},
		{[]string{"-nosuch=false", "./..."}, "unknown flag -nosuch: it is no flag of conflictlint.test, nor an analyzer's name (" + all + "); conflictlint.test -help lists the flags\n"},
		{[]string{"-unretriedupdate.nosuch=1", "./..."}, "unknown flag -unretriedupdate.nosuch: unretriedupdate has no option \"nosuch\" (it has -unretriedupdate.debug, -unretriedupdate.mode)"},
		{[]string{"-unretriedupdate.mode=x", "./..."}, "want one of propagate, strict"},
		{[]string{"-fix=maybe", "./..."}, "-fix takes true or false, not \"maybe\"\n"},
		{[]string{"-format"}, "-format needs a value"},
		{[]string{"-format=yaml", "./..."}, "want one of text, json, sarif, github, rdjson, rdjsonl"},
		{[]string{"-diff", "./..."}, "use -fix -diff"},
		{[]string{"-fix", "-json", "./..."}, "it takes no -json, -format or -output"},
		{[]string{"-fix", "-diff", "-format=sarif", "./..."}, "it takes no -json, -format or -output"},
		{[]string{"-new-from-rev=HEAD", "-new-from-patch=p", "./..."}, "use only one of"},
		{nil, "Usage:"},
	} {
		o := conflictlint(t, t.TempDir(), tc.args...)
		if o.exit != exitUsage || !strings.Contains(o.stderr, tc.want) || goTypeName.MatchString(o.stderr) {
			t.Errorf("conflictlint %q: exit %d, stderr:\n%s\nwant exit %d and %q", tc.args, o.exit, o.stderr, exitUsage, tc.want)
		}
	}
}

// TestBaselineErrors: a baseline that cannot be used is refused before
// the analysis, in words about JSON rather than Go types.
func TestBaselineErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "b.json")
	for _, tc := range []struct{ content, want string }{
		{`[]`, "want a JSON object with a version field (the document holds a JSON array, want an object)"},
		{`null`, "want a JSON object with a version field"},
		{`{"findings": []}`, "want a JSON object with a version field, a whole number"},
		{`{"version": "2"}`, "want a JSON object with a version field, a whole number"},
		{`{"version": 2,`, "not valid JSON at byte 14"},
		{`{"version": 2, "findings": [{"count": "x"}]}`, "field findings.count holds a JSON string, want a whole number"},
		{`{"version": 2, "extra": 1}`, `unknown field "extra"`},
		{`{"version": 7}`, "unsupported version 7 (want 2)"},
	} {
		write(t, file, tc.content)
		_, err := readBaseline(file)
		if err == nil || !strings.HasPrefix(err.Error(), "baseline file "+file+": ") || !strings.Contains(err.Error(), tc.want) || goTypeName.MatchString(err.Error()) {
			t.Errorf("baseline %s: error %v, want one that says %q", tc.content, err, tc.want)
		}
	}
	// Through the command: refused before loading anything.
	o := conflictlint(t, dir, "-baseline="+filepath.Join(dir, "none.json"), "./nosuch/...")
	o.want(t, exitError)
	if want := "none.json does not exist: -write-baseline="; !strings.Contains(o.stderr, want) || strings.Contains(o.stderr, "nosuch") {
		t.Errorf("stderr %q, want %q and nothing about the packages", o.stderr, want)
	}
}

// TestBadPatterns: a pattern naming a directory that does not exist, or
// that no import path can match, is a usage error said in the command's
// own words before anything is loaded.
func TestBadPatterns(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.26\n")
	write(t, filepath.Join(dir, "file.txt"), "")
	t.Chdir(dir)
	t.Setenv("GOFLAGS", "")
	for pattern, want := range map[string]string{
		"./nosuch":     "conflictlint.test: ./nosuch: no such directory\n",
		"./nosuch/...": "conflictlint.test: ./nosuch: no such directory\n",
		"./file.txt":   "conflictlint.test: ./file.txt is a file, not a directory: name its package's directory\n",
		"bad[pattern":  "conflictlint.test: \"bad[pattern\" is not a package pattern: invalid char '['\n",
	} {
		o := conflictlint(t, dir, pattern)
		o.want(t, exitUsage)
		if o.stderr != want {
			t.Errorf("%s: stderr %q, want %q", pattern, o.stderr, want)
		}
	}
}
