package main

import (
	"bytes"
	"encoding/json"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// movedFile is a package whose one finding has a fix of several edits:
// the mutation made before the retry moves into the closure, after a
// re-read (a retryreget fix).
const movedFile = "src/cmdreport/moved/moved.go"

const movedSource = `// Package moved changes an object before the retry that writes it.
package moved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func enable(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data["mode"] = "on"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Update(ctx, cm)
	})
}
`

// decodeRDJSON reads a DiagnosticResult, refusing any field the format
// types do not declare.
func decodeRDJSON(t *testing.T, doc string) rdResult {
	t.Helper()
	var res rdResult
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&res); err != nil {
		t.Fatalf("decoding rdjson: %v\n%s", err, doc)
	}
	return res
}

// decodeRDJSONL reads one Diagnostic a line.
func decodeRDJSONL(t *testing.T, stream string) []rdDiagnostic {
	t.Helper()
	var out []rdDiagnostic
	for _, line := range strings.Split(strings.TrimSuffix(stream, "\n"), "\n") {
		if line == "" {
			continue
		}
		var d rdDiagnostic
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&d); err != nil {
			t.Fatalf("decoding an rdjsonl line: %v\n%s", err, line)
		}
		out = append(out, d)
	}
	return out
}

func TestRDJSON(t *testing.T) {
	root := gopath(t)
	o := conflictlint(t, root, "-format=rdjson", "cmdreport/...")
	o.want(t, exitFindings)
	res := decodeRDJSON(t, o.stdout)
	if res.Source.Name != "conflictlint" || len(res.Diagnostics) != 5 {
		t.Fatalf("source %q, %d diagnostics; want conflictlint and cmdreport's 5", res.Source.Name, len(res.Diagnostics))
	}
	for _, d := range res.Diagnostics {
		if d.Location.Path != appFile || d.Severity != "ERROR" || d.Source.Name != "conflictlint" {
			t.Errorf("%q: path %s, severity %s, source %q; want %s, ERROR, conflictlint", d.Message, d.Location.Path, d.Severity, d.Source.Name, appFile)
		}
		if page := toolURI + "/blob/main/docs/checks/" + d.Code.Value + ".md"; d.Code.Value != "unretriedupdate" || d.Code.URL != page {
			t.Errorf("%q: code %+v, want unretriedupdate and its page %s", d.Message, d.Code, page)
		}
	}
	// Columns count bytes: the finding after the non-ASCII comment starts
	// at byte 24 of line 31 (SARIF, in UTF-16 units, says 20).
	if got := res.Diagnostics[2].Location.Range; got != (rdRange{rdPosition{31, 24}, rdPosition{31, 42}}) {
		t.Errorf("third finding at %+v, want 31:24 to 31:42 in bytes", got)
	}
	helper := res.Diagnostics[1]
	wantRelated := []rdRelated{{Message: "the conflict-prone write: c.Update", Location: rdLocation{Path: appFile, Range: rdRange{rdPosition{23, 9}, rdPosition{23, 26}}}}}
	if !reflect.DeepEqual(helper.RelatedLocations, wantRelated) {
		t.Errorf("the helper's related locations %+v, want %+v", helper.RelatedLocations, wantRelated)
	}
	// The unused directive's fix deletes its whole line.
	directive := res.Diagnostics[4]
	wantFix := []rdSuggestion{{Range: rdRange{rdPosition{41, 1}, rdPosition{42, 1}}, Text: ""}}
	if !reflect.DeepEqual(directive.Suggestions, wantFix) {
		t.Errorf("the directive's suggestions %+v, want %+v", directive.Suggestions, wantFix)
	}
	golden(t, filepath.Join(testdataDir, "report.rdjson.golden"), o.stdout)
}

// TestRDJSONL: the lines are rdjson's diagnostics, one a line, and a run
// without findings prints nothing (rdjson, an empty list).
func TestRDJSONL(t *testing.T) {
	root := gopath(t)
	doc := conflictlint(t, root, "-format=rdjson", "cmdreport/...")
	lines := conflictlint(t, root, "-format=rdjsonl", "cmdreport/...")
	lines.want(t, exitFindings)
	got := decodeRDJSONL(t, lines.stdout)
	if want := decodeRDJSON(t, doc.stdout).Diagnostics; !reflect.DeepEqual(got, want) {
		t.Errorf("rdjsonl's diagnostics differ from rdjson's:\n%s\n%s", lines.stdout, doc.stdout)
	}
	if n := strings.Count(lines.stdout, "\n"); n != len(got) {
		t.Errorf("%d lines for %d diagnostics", n, len(got))
	}

	write(t, filepath.Join(root, "src/cmdreport/clean/clean.go"), "package clean\n\nfunc F() {}\n")
	clean := conflictlint(t, root, "-format=rdjsonl", "cmdreport/clean")
	clean.want(t, exitClean)
	if clean.stdout != "" {
		t.Errorf("rdjsonl of a clean package: %q, want nothing", clean.stdout)
	}
	cleanDoc := conflictlint(t, root, "-format=rdjson", "cmdreport/clean")
	if res := decodeRDJSON(t, cleanDoc.stdout); res.Diagnostics == nil || len(res.Diagnostics) != 0 {
		t.Errorf("rdjson of a clean package: %s, want an empty list of diagnostics", cleanDoc.stdout)
	}
}

// TestRDJSONSeverity: a graded finding's severity follows its SARIF
// level, as its annotation's kind does.
func TestRDJSONSeverity(t *testing.T) {
	root := gopath(t)
	o := conflictlint(t, root, "-format=rdjsonl", "cmdgraded")
	o.want(t, exitFindings)
	diags := decodeRDJSONL(t, o.stdout)
	if len(diags) != len(gradedFindings) {
		t.Fatalf("%d diagnostics, want %d:\n%s", len(diags), len(gradedFindings), o.stdout)
	}
	for _, d := range diags {
		line := d.Location.Range.Start.Line
		if want := rdSeverity[gradedFindings[line].level]; d.Severity != want || want == "" {
			t.Errorf("line %d: severity %s, want %q", line, d.Severity, want)
		}
	}
}

// TestRDJSONSuggestionReproducesFix: a fix of several edits is one
// suggestion, and replacing its range with its text gives the file that
// -fix writes.
func TestRDJSONSuggestionReproducesFix(t *testing.T) {
	root := gopath(t)
	path := filepath.Join(root, movedFile)
	write(t, path, movedSource)
	o := conflictlint(t, root, "-format=rdjsonl", "cmdreport/moved")
	o.want(t, exitFindings)
	diags := decodeRDJSONL(t, o.stdout)
	if len(diags) != 1 || len(diags[0].Suggestions) != 1 {
		t.Fatalf("want one finding with one suggestion:\n%s", o.stdout)
	}
	s := diags[0].Suggestions[0]
	if s.Range.Start.Line == s.Range.End.Line {
		t.Errorf("the suggestion %+v spans one line: the fix should need more", s.Range)
	}
	suggested := applySuggestion(t, []byte(movedSource), s)

	conflictlint(t, root, "-fix", "cmdreport/moved").want(t, exitClean)
	fixed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(fixed) == movedSource {
		t.Fatal("-fix left the file as it was")
	}
	if !bytes.Equal(suggested, fixed) {
		t.Errorf("the suggestion applied:\n%s\n-fix wrote:\n%s", suggested, fixed)
	}
}

// applySuggestion replaces the suggestion's range of src, whose columns
// count bytes from 1, with its text.
func applySuggestion(t *testing.T, src []byte, s rdSuggestion) []byte {
	t.Helper()
	start, end := byteOffset(t, src, s.Range.Start), byteOffset(t, src, s.Range.End)
	return append(append(append([]byte{}, src[:start]...), s.Text...), src[end:]...)
}

func byteOffset(t *testing.T, src []byte, p rdPosition) int {
	t.Helper()
	offset := 0
	for line := 1; line < p.Line; line++ {
		i := bytes.IndexByte(src[offset:], '\n')
		if i < 0 {
			t.Fatalf("line %d is past the end of the file", p.Line)
		}
		offset += i + 1
	}
	if offset+p.Column-1 > len(src) {
		t.Fatalf("position %+v is past the end of the file", p)
	}
	return offset + p.Column - 1
}

// TestRDSuggestions covers the fixes that cannot be one suggestion.
func TestRDSuggestions(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.go")
	write(t, name, "package a\n\nvar x = 1\n")
	at := func(file string, offset, line, col int) token.Position {
		return token.Position{Filename: file, Offset: offset, Line: line, Column: col}
	}
	f := &finding{File: "a.go", Pos: at(name, 11, 3, 1)}
	varToConst := edit{Pos: at(name, 11, 3, 1), End: at(name, 14, 3, 4), File: "a.go", New: "const"}
	oneToTwo := edit{Pos: at(name, 19, 3, 9), End: at(name, 20, 3, 10), File: "a.go", New: "2"}

	// Two edits, given in either order, merge into one.
	got := rdSuggestions(f, fix{Edits: []edit{oneToTwo, varToConst}}, newSources())
	if want := []rdSuggestion{{Range: rdRange{rdPosition{3, 1}, rdPosition{3, 10}}, Text: "const x = 2"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("merged: %+v, want %+v", got, want)
	}
	// Without the file, each edit is a suggestion.
	gone := filepath.Join(dir, "gone.go")
	g := &finding{File: "gone.go", Pos: at(gone, 11, 3, 1)}
	var edits []edit
	for _, e := range []edit{varToConst, oneToTwo} {
		e.Pos.Filename, e.End.Filename, e.File = gone, gone, "gone.go"
		edits = append(edits, e)
	}
	if got := rdSuggestions(g, fix{Edits: edits}, newSources()); len(got) != 2 || got[0].Text != "const" || got[1].Text != "2" {
		t.Errorf("unreadable file: %+v, want one suggestion per edit", got)
	}
	// A suggestion applies to its diagnostic's file: a fix that edits
	// another file too is not offered by halves.
	elsewhere := edit{Pos: at("b.go", 0, 1, 1), End: at("b.go", 0, 1, 1), File: "b.go", New: "// b\n"}
	if got := rdSuggestions(f, fix{Edits: []edit{varToConst, elsewhere}}, newSources()); got != nil {
		t.Errorf("a fix across files: %+v, want no suggestion", got)
	}
}
