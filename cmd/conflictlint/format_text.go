package main

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
)

// writeText prints findings the way go vet does, "file:line:col: message",
// followed by the analyzer's name in parentheses, which is what a
// //conflictlint:ignore directive names (staticcheck and golangci-lint
// print it the same way). Each related location follows on a line of its
// own that starts with a tab, so that only findings start a line with a
// position: grep '^[^\t]' counts the findings. Paths are spelled by where.
func writeText(w io.Writer, findings []*finding, where pathStyle) error {
	for _, f := range findings {
		if _, err := fmt.Fprintln(w, textLine(f, where)); err != nil {
			return err
		}
		for _, r := range f.Related {
			if _, err := fmt.Fprintf(w, "\t%s: %s\n", where.position(r.Pos), r.Message); err != nil {
				return err
			}
		}
	}
	return nil
}

// textLine is the line of f in the text format, without its related
// locations.
func textLine(f *finding, where pathStyle) string {
	return fmt.Sprintf("%s: %s (%s)", where.position(f.Pos), f.Message, f.Analyzer.Name)
}

// A pathStyle spells the positions of the text output: relative to the
// working directory, as go vet, staticcheck and golangci-lint print them
// (a file outside it keeps its absolute path), or absolute with -abs.
type pathStyle struct {
	wd string // "" for absolute paths
}

// newPathStyle returns the style of the text output.
func newPathStyle(abs bool) pathStyle {
	if abs {
		return pathStyle{}
	}
	wd, err := os.Getwd()
	if err != nil {
		return pathStyle{}
	}
	if real, err := filepath.EvalSymlinks(wd); err == nil {
		wd = real // file names are resolved too
	}
	return pathStyle{wd: wd}
}

func (s pathStyle) position(pos token.Position) string {
	pos.Filename = s.file(pos.Filename)
	return pos.String()
}

// file spells the absolute file name as the style says.
func (s pathStyle) file(name string) string {
	if rel, ok := under(s.wd, name); s.wd != "" && ok {
		return rel
	}
	return name
}

// The JSON format is the one of go vet -json and the x/tools drivers:
// package ID -> analyzer name -> list of diagnostics, or {"error": ...}.
// A graded finding adds its grade as "consequence", which go vet does not
// write.
type (
	jsonDiagnostic struct {
		Category       string        `json:"category,omitempty"`
		Posn           string        `json:"posn"`
		End            string        `json:"end"`
		Message        string        `json:"message"`
		Consequence    string        `json:"consequence,omitempty"`
		SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated `json:"related,omitempty"`
	}
	jsonFix struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	}
	jsonEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	jsonError struct {
		Error string `json:"error"`
	}
)

func writeJSON(w io.Writer, findings []*finding, errs []actionError) error {
	tree := make(map[string]map[string]any)
	add := func(pkg, analyzer string, v any) {
		if tree[pkg] == nil {
			tree[pkg] = make(map[string]any)
		}
		tree[pkg][analyzer] = v
	}
	for _, e := range errs {
		add(e.Pkg, e.Analyzer, jsonError{e.Err.Error()})
	}
	for _, f := range findings {
		list, _ := tree[f.Pkg][f.Analyzer.Name].([]jsonDiagnostic)
		add(f.Pkg, f.Analyzer.Name, append(list, toJSON(f)))
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

func toJSON(f *finding) jsonDiagnostic {
	d := jsonDiagnostic{Category: f.Analyzer.Name, Posn: f.Pos.String(), End: f.End.String(), Message: f.Message, Consequence: f.Consequence}
	for _, fx := range f.Fixes {
		jf := jsonFix{Message: fx.Message, Edits: []jsonEdit{}}
		for _, e := range fx.Edits {
			jf.Edits = append(jf.Edits, jsonEdit{Filename: e.Pos.Filename, Start: e.Pos.Offset, End: e.End.Offset, New: e.New})
		}
		d.SuggestedFixes = append(d.SuggestedFixes, jf)
	}
	for _, r := range f.Related {
		d.Related = append(d.Related, jsonRelated{Posn: r.Pos.String(), End: r.End.String(), Message: r.Message})
	}
	return d
}
