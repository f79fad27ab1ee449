package main

import (
	"cmp"
	"encoding/json"
	"go/token"
	"io"
	"slices"
)

// The Reviewdog Diagnostic Format (reviewdog's proto/rdf/reviewdog.proto)
// in the JSON that reviewdog's -f=rdjson and -f=rdjsonl read: field names
// as the proto spells them, the severity by its enum name, lines and
// columns from 1, a column counting UTF-8 bytes (the proto's rule, and
// token.Position's, so no conversion is needed), and a range's end
// exclusive, as a go/analysis end is.
//
// reviewdog reads these with protojson, which drops a field it does not
// know without a word: a misspelt field would vanish, which is why
// TestReviewdog has reviewdog itself read the output back.
type (
	rdResult struct {
		Source      rdSource       `json:"source"`
		Diagnostics []rdDiagnostic `json:"diagnostics"`
	}
	rdDiagnostic struct {
		Message          string         `json:"message"`
		Location         rdLocation     `json:"location"`
		Severity         string         `json:"severity"`
		Source           rdSource       `json:"source"`
		Code             rdCode         `json:"code"`
		Suggestions      []rdSuggestion `json:"suggestions,omitempty"`
		RelatedLocations []rdRelated    `json:"related_locations,omitempty"`
	}
	rdSource struct {
		Name string `json:"name"`
		URL  string `json:"url,omitempty"`
	}
	rdCode struct {
		Value string `json:"value"`
		URL   string `json:"url,omitempty"`
	}
	rdLocation struct {
		Path  string  `json:"path"`
		Range rdRange `json:"range"`
	}
	rdRange struct {
		Start rdPosition `json:"start"`
		End   rdPosition `json:"end"`
	}
	rdPosition struct {
		Line   int `json:"line"`
		Column int `json:"column"`
	}
	// An rdSuggestion replaces its range, in the file of its diagnostic's
	// location, with its text.
	rdSuggestion struct {
		Range rdRange `json:"range"`
		Text  string  `json:"text"`
	}
	rdRelated struct {
		Message  string     `json:"message,omitempty"`
		Location rdLocation `json:"location"`
	}
)

// rdSeverity names, in the format's enum, the SARIF level of each
// finding (see resultLevel).
var rdSeverity = map[string]string{"error": "ERROR", "warning": "WARNING", "note": "INFO"}

// writeRDJSON writes one DiagnosticResult document holding every finding.
func writeRDJSON(w io.Writer, findings []*finding) error {
	result := rdResult{Source: rdTool(), Diagnostics: rdDiagnostics(findings)}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // messages stay readable: "<-" is not "\u003c-"
	enc.SetIndent("", "\t")
	return enc.Encode(result)
}

// writeRDJSONL writes one Diagnostic per line, each complete in itself,
// so that a consumer can read them as a stream.
func writeRDJSONL(w io.Writer, findings []*finding) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, d := range rdDiagnostics(findings) {
		if err := enc.Encode(d); err != nil {
			return err
		}
	}
	return nil
}

func rdTool() rdSource { return rdSource{Name: "conflictlint", URL: toolURI} }

// rdDiagnostics converts findings, reading each edited file once at most.
func rdDiagnostics(findings []*finding) []rdDiagnostic {
	src := newSources()
	out := make([]rdDiagnostic, 0, len(findings)) // [] rather than null when clean
	for _, f := range findings {
		out = append(out, rdDiagnosticOf(f, src))
	}
	return out
}

func rdDiagnosticOf(f *finding, src *sources) rdDiagnostic {
	d := rdDiagnostic{
		Message:  f.Message,
		Location: rdLocationOf(f.File, f.Pos, f.End),
		Severity: rdSeverity[resultLevel(f)],
		Source:   rdTool(),
		Code:     rdCode{Value: f.Analyzer.Name, URL: f.Analyzer.URL},
	}
	for _, fx := range f.Fixes {
		d.Suggestions = append(d.Suggestions, rdSuggestions(f, fx, src)...)
	}
	for _, r := range f.Related {
		d.RelatedLocations = append(d.RelatedLocations, rdRelated{Message: r.Message, Location: rdLocationOf(r.File, r.Pos, r.End)})
	}
	return d
}

func rdLocationOf(file string, pos, end token.Position) rdLocation {
	return rdLocation{Path: file, Range: rdRangeOf(pos, end)}
}

func rdRangeOf(pos, end token.Position) rdRange {
	return rdRange{Start: rdPosition{pos.Line, pos.Column}, End: rdPosition{end.Line, end.Column}}
}

// rdSuggestions turns a fix into suggestions: one that spans all its
// edits, with the text between them kept as it is, because a GitHub
// review comment holds a single suggestion that the reviewer applies with
// one click, and reviewdog requires every suggestion of a comment to cover
// the comment's lines. When the file cannot be read, each edit is a
// suggestion of its own, which a tool that applies them all still gets
// right. A suggestion has no file of its own (it applies to its
// diagnostic's): a fix that edits another file is left out, since
// applying part of it would leave the code broken.
func rdSuggestions(f *finding, fx fix, src *sources) []rdSuggestion {
	edits := slices.Clone(fx.Edits)
	for _, e := range edits {
		if e.File != f.File {
			return nil
		}
	}
	slices.SortFunc(edits, func(a, b edit) int { return cmp.Compare(a.Pos.Offset, b.Pos.Offset) })
	if merged, ok := mergeEdits(edits, src.read(f.Pos.Filename)); ok {
		return []rdSuggestion{merged}
	}
	out := make([]rdSuggestion, 0, len(edits))
	for _, e := range edits {
		out = append(out, rdSuggestion{Range: rdRangeOf(e.Pos, e.End), Text: e.New})
	}
	return out
}

// mergeEdits is the single suggestion that replaces the span from the
// first edit's start to the last one's end with the edits applied to it.
// edits are sorted and do not overlap (the analyzers' rule); ok is false
// when data, the file's content, does not hold them all.
func mergeEdits(edits []edit, data []byte) (rdSuggestion, bool) {
	if len(edits) == 0 {
		return rdSuggestion{}, false
	}
	first, last := edits[0], edits[len(edits)-1]
	if len(edits) == 1 {
		return rdSuggestion{Range: rdRangeOf(first.Pos, first.End), Text: first.New}, true
	}
	var text []byte
	at := first.Pos.Offset
	for _, e := range edits {
		if e.Pos.Offset < at || e.End.Offset < e.Pos.Offset || e.End.Offset > len(data) {
			return rdSuggestion{}, false
		}
		text = append(append(text, data[at:e.Pos.Offset]...), e.New...)
		at = e.End.Offset
	}
	return rdSuggestion{Range: rdRangeOf(first.Pos, last.End), Text: string(text)}, true
}
