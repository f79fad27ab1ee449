package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/owenrumney/go-sarif/v3/pkg/report"
	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/conflictlint/conflictlint/analyzer"
)

const (
	toolURI = "https://github.com/conflictlint/conflictlint"
	// srcRoot is the uriBaseId that artifact URIs are relative to: the
	// repository root, which is what GitHub code scanning expects.
	srcRoot = "%SRCROOT%"
	// fingerprintKey names conflictlint's partial fingerprint: a hash of
	// the baseline key and the finding's ordinal among equal keys, so it
	// survives edits that only move the finding.
	fingerprintKey = "conflictlintFinding/v2"
)

// sarifReport builds a SARIF 2.1.0 log of one run: a rule per analyzer that
// ran, a result per finding, and an invocation that records errors.
func sarifReport(analyzers []*analysis.Analyzer, findings []*finding, errs []actionError) *sarif.Report {
	rep := report.NewV210Report()
	run := sarif.NewRunWithInformationURI("conflictlint", toolURI)
	run.Tool.Driver.WithVersion(version())
	if v, ok := strings.CutPrefix(version(), "v"); ok {
		run.Tool.Driver.WithSemanticVersion(v)
	}
	run.WithColumnKind("utf16CodeUnits")
	// %SRCROOT% is declared without a URI: the log stays the same on every
	// machine, and a consumer (code scanning, an editor) resolves it to
	// its own checkout, as SARIF provides for a base without one.
	run.WithOriginalUriBaseIds(map[string]sarif.ArtifactLocation{
		srcRoot: *sarif.NewArtifactLocation().WithDescription(sarif.NewTextMessage(
			"The root of the repository (or of conflictlint -root) that result paths are relative to.")),
	})
	for _, a := range analyzers {
		title, doc := splitDoc(a.Doc)
		run.AddRule(a.Name).
			WithName(a.Name).
			WithDescription(title).
			WithFullDescription(sarif.NewMultiformatMessageString().WithText(doc)).
			WithHelp(sarif.NewMultiformatMessageString().WithText(a.Doc)).
			WithHelpURI(a.URL).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel("error"))
	}
	src := newSources()
	ordinal := make(map[baselineKey]int)
	for _, f := range findings {
		k := keyOf(f)
		res := run.CreateResultForRule(f.Analyzer.Name).
			WithLevel(resultLevel(f)).
			WithMessage(sarif.NewTextMessage(f.Message)).
			AddLocation(sarif.NewLocationWithPhysicalLocation(physical(src, f.File, f.Pos, f.End))).
			WithPartialFingerprints(map[string]string{fingerprintKey: fingerprint(k, ordinal[k])})
		ordinal[k]++
		if f.Consequence != "" {
			res.WithProperties(sarif.NewPropertyBag().Add("consequence", f.Consequence))
		}
		if f.Func != "" {
			res.Locations[0].AddLogicalLocation(sarif.NewLogicalLocation().
				WithKind("function").
				WithName(f.Func).
				WithFullyQualifiedName(f.PkgPath + "." + f.Func))
		}
		for i, r := range f.Related {
			res.AddRelatedLocation(sarif.NewLocationWithPhysicalLocation(physical(src, r.File, r.Pos, r.End)).
				WithID(i + 1).
				WithMessage(sarif.NewTextMessage(r.Message)))
		}
		for _, fx := range f.Fixes {
			res.AddFixe(sarifFix(src, fx))
		}
	}
	inv := sarif.NewInvocation().WithExecutionSuccessful(len(errs) == 0)
	for _, e := range errs {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
			sarif.NewNotification().WithLevel("error").WithMessage(sarif.NewTextMessage(e.String())))
	}
	run.AddInvocation(inv)
	rep.AddRun(run)
	return rep
}

// resultLevel is the level of f's result: by its consequence when it has
// one (error for what stays wrong, warning for what a resync heals, note
// for what the next event heals or a person is told of), else error, the
// level of every rule.
func resultLevel(f *finding) string {
	if level := analyzer.ConsequenceLevel(f.Consequence); level != "" {
		return level
	}
	return "error"
}

// writeSARIF writes the log indented, without the properties that hold
// their default value (see compactSARIF).
func writeSARIF(w io.Writer, rep *sarif.Report) error {
	var full bytes.Buffer
	if err := rep.Write(&full); err != nil {
		return err
	}
	out, err := compactSARIF(full.Bytes())
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// sarifFix turns a suggested fix into SARIF's artifact changes, one per
// edited file, each replacement a deleted region plus inserted text.
func sarifFix(src *sources, fx fix) *sarif.Fix {
	out := sarif.NewFix().WithDescription(sarif.NewTextMessage(fx.Message))
	byFile := make(map[string]*sarif.ArtifactChange)
	for _, e := range fx.Edits {
		change := byFile[e.File]
		if change == nil {
			change = sarif.NewArtifactChange().WithArtifactLocation(artifact(e.File))
			byFile[e.File] = change
			out.AddArtifactChange(change)
		}
		region := src.region(e.Pos, e.End).
			WithByteOffset(e.Pos.Offset).
			WithByteLength(e.End.Offset - e.Pos.Offset)
		change.AddReplacement(sarif.NewReplacement().
			WithDeletedRegion(region).
			WithInsertedContent(sarif.NewArtifactContent().WithText(e.New)))
	}
	return out
}

func physical(src *sources, file string, pos, end token.Position) *sarif.PhysicalLocation {
	return sarif.NewPhysicalLocation().
		WithArtifactLocation(artifact(file)).
		WithRegion(src.region(pos, end))
}

func artifact(file string) *sarif.ArtifactLocation {
	loc := sarif.NewArtifactLocation().WithURI(pathURI(file))
	if !strings.HasPrefix(file, "/") {
		loc.WithURIBaseID(srcRoot)
	}
	return loc
}

// pathURI escapes a slash path for use as a (relative) URI reference.
func pathURI(p string) string {
	return (&url.URL{Path: p}).EscapedPath()
}

func fingerprint(k baselineKey, ordinal int) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%d", k.analyzer, k.pkg, k.function, k.code, ordinal)
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// splitDoc splits an analyzer's Doc into its title line and the rest.
func splitDoc(doc string) (title, rest string) {
	title, rest, _ = strings.Cut(doc, "\n")
	rest = strings.TrimSpace(rest)
	if rest == "" {
		rest = title
	}
	return title, rest
}

// sources reads files once: SARIF needs them to turn byte columns into
// the UTF-16 columns it counts by default, rdjson to join a fix's edits.
type sources struct {
	files map[string][]byte
}

func newSources() *sources { return &sources{files: make(map[string][]byte)} }

// region is the SARIF region from pos to end, with 1-based UTF-16 columns.
func (s *sources) region(pos, end token.Position) *sarif.Region {
	r := sarif.NewRegion().WithStartLine(pos.Line).WithStartColumn(s.column(pos))
	if end.IsValid() && end.Filename == pos.Filename {
		r.WithEndLine(end.Line).WithEndColumn(s.column(end))
	}
	return r
}

// read returns the content of the file name, read once; nil when it
// cannot be read.
func (s *sources) read(name string) []byte {
	data, ok := s.files[name]
	if !ok {
		data, _ = os.ReadFile(name)
		s.files[name] = data
	}
	return data
}

// column converts pos's byte column into a UTF-16 column, falling back to
// the byte column when the file cannot be read.
func (s *sources) column(pos token.Position) int {
	data := s.read(pos.Filename)
	start := pos.Offset - (pos.Column - 1)
	if data == nil || start < 0 || pos.Offset > len(data) {
		return pos.Column
	}
	col := 1
	for prefix := data[start:pos.Offset]; len(prefix) > 0; {
		r, size := utf8.DecodeRune(prefix)
		col += len(utf16.Encode([]rune{r}))
		prefix = prefix[size:]
	}
	return col
}
