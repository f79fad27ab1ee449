package main

import (
	"cmp"
	"fmt"
	"go/format"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
)

// fixSummary counts what -fix did, or with -diff would do.
type fixSummary struct {
	diff        bool // the fixes were shown as a diff, not written
	applied     int  // fixes written, or shown
	overlapping int  // fixes left out because they touch text another fix changed
	unfixable   int  // findings that come without a fix
	files       int  // files written, or shown
}

func (s fixSummary) String() string {
	verb := "applied"
	if s.diff {
		verb = "the diff shows"
	}
	msg := fmt.Sprintf("%s %s in %s; %s without a fix",
		verb, plural(s.applied, "fix", "fixes"), plural(s.files, "file", "files"), plural(s.unfixable, "finding", "findings"))
	if s.overlapping > 0 {
		msg += fmt.Sprintf("; %s left out, overlapping another (run -fix again)", plural(s.overlapping, "fix", "fixes"))
	}
	return msg
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// A fixPlan is what -fix does: the edits to make, by file, and the
// findings left without a fix.
type fixPlan struct {
	summary   fixSummary
	edits     map[string][]edit // by absolute file name
	unfixable []*finding
}

// planFixes takes the suggested fix of every finding that has one, in the
// findings' order, leaving out a fix whose edits overlap those of a fix
// already taken (a second run applies it to the changed text). Findings
// are already free of the duplicates that a package and its test variant
// produce, so a fix is taken once.
func planFixes(findings []*finding) fixPlan {
	p := fixPlan{edits: make(map[string][]edit)}
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			p.summary.unfixable++
			p.unfixable = append(p.unfixable, f)
			continue
		}
		fx := f.Fixes[0] // the analyzers offer exactly one
		if slices.ContainsFunc(fx.Edits, func(e edit) bool { return overlapsAny(e, p.edits[e.Pos.Filename]) }) {
			p.summary.overlapping++
			continue
		}
		for _, e := range fx.Edits {
			if !slices.ContainsFunc(p.edits[e.Pos.Filename], e.same) { // two fixes may add the same import
				p.edits[e.Pos.Filename] = append(p.edits[e.Pos.Filename], e)
			}
		}
		p.summary.applied++
	}
	return p
}

// apply makes the plan's edits, each changed file gofmt-ed, and either
// writes the files or, with diff, writes to w the unified diff that makes
// them, with paths relative to the repository root, file by file in the
// order of their names.
func (p *fixPlan) apply(diff bool, w io.Writer) error {
	p.summary.diff = diff
	for _, name := range slices.Sorted(maps.Keys(p.edits)) {
		edits := p.edits[name]
		old, fixed, err := fixedSource(name, edits)
		if err != nil {
			return err
		}
		if diff {
			err = writeUnifiedDiff(w, edits[0].File, old, fixed)
		} else {
			err = writeFile(name, fixed)
		}
		if err != nil {
			return err
		}
		p.summary.files++
	}
	return nil
}

// same reports whether e and o make the same change.
func (e edit) same(o edit) bool {
	return e.Pos.Offset == o.Pos.Offset && e.End.Offset == o.End.Offset && e.New == o.New
}

// overlapsAny reports whether e changes text that one of others changes,
// or inserts at the same place as one of them (the order of the two
// insertions would be arbitrary), unless it is the very same edit or both
// insert an import spec (gofmt sorts the specs of a block, so the order of
// two added imports does not matter: two fixes that each add one both
// apply).
func overlapsAny(e edit, others []edit) bool {
	for _, o := range others {
		if e.same(o) || insertsImport(e) && insertsImport(o) {
			continue
		}
		if e.Pos.Offset < o.End.Offset && o.Pos.Offset < e.End.Offset {
			return true
		}
		if e.Pos.Offset == o.Pos.Offset && (e.Pos.Offset == e.End.Offset || o.Pos.Offset == o.End.Offset) {
			return true
		}
	}
	return false
}

// importSpecLine is an import spec alone on its line, as the fixes add
// one into an import block: an optional name, then a quoted path.
var importSpecLine = regexp.MustCompile(`^\n?\t?(?:[A-Za-z_][A-Za-z0-9_]* )?"[^"\n]+"\n?\t?$`)

// insertsImport reports whether e only inserts an import spec line.
func insertsImport(e edit) bool {
	return e.Pos.Offset == e.End.Offset && importSpecLine.MatchString(e.New)
}

// fixedSource returns the file name and its text with edits, which do
// not overlap, applied and gofmt-ed.
func fixedSource(name string, edits []edit) (old, fixed []byte, err error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, nil, err
	}
	edits = slices.Clone(edits)
	// from the end, so that offsets stay right; two imports inserted at one
	// place in a fixed order (gofmt sorts them after)
	slices.SortFunc(edits, func(a, b edit) int {
		return cmp.Or(cmp.Compare(b.Pos.Offset, a.Pos.Offset), cmp.Compare(a.New, b.New))
	})
	out := src
	for _, e := range edits {
		if e.End.Offset > len(out) || e.Pos.Offset > e.End.Offset {
			return nil, nil, fmt.Errorf("%s: a fix edits outside the file", name)
		}
		out = slices.Concat(out[:e.Pos.Offset], []byte(e.New), out[e.End.Offset:])
	}
	formatted, err := format.Source(out)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: the fixed file does not parse: %v", name, err)
	}
	return src, formatted, nil
}

// writeFile replaces the content of the file name, keeping its mode.
func writeFile(name string, content []byte) error {
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, content, info.Mode().Perm())
}

// reportFixes prints the summary line of -fix, then the findings left
// without a fix, one line each as in the text report, so that they can be
// found (and, once reviewed, suppressed) without another run.
func reportFixes(p fixPlan, where pathStyle, stderr io.Writer) {
	if len(p.unfixable) > 0 {
		fmt.Fprintf(stderr, "%s: %s:\n", progname(), p.summary)
	} else {
		fmt.Fprintf(stderr, "%s: %s\n", progname(), p.summary)
	}
	for _, f := range p.unfixable {
		fmt.Fprintln(stderr, textLine(f, where))
	}
}
