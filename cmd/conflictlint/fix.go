package main

import (
	"cmp"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
)

// fixSummary counts what -fix did.
type fixSummary struct {
	applied     int // fixes written
	overlapping int // fixes left out because they touch text another fix changed
	unfixable   int // findings that come without a fix
	files       int // files written
}

func (s fixSummary) String() string {
	msg := fmt.Sprintf("applied %s in %s; %s without a fix",
		plural(s.applied, "fix", "fixes"), plural(s.files, "file", "files"), plural(s.unfixable, "finding", "findings"))
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

// applyFixes writes the suggested fix of every finding that has one, in
// the findings' order, leaving out a fix whose edits overlap those of a
// fix already taken (a second run applies it to the changed text). Each
// changed file is gofmt-ed. Findings are already free of the duplicates
// that a package and its test variant produce, so a fix is applied once.
func applyFixes(findings []*finding) (fixSummary, error) {
	var s fixSummary
	taken := make(map[string][]edit) // by absolute file name
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			s.unfixable++
			continue
		}
		fx := f.Fixes[0] // the analyzers offer exactly one
		if slices.ContainsFunc(fx.Edits, func(e edit) bool { return overlapsAny(e, taken[e.Pos.Filename]) }) {
			s.overlapping++
			continue
		}
		for _, e := range fx.Edits {
			if !slices.ContainsFunc(taken[e.Pos.Filename], e.same) { // two fixes may add the same import
				taken[e.Pos.Filename] = append(taken[e.Pos.Filename], e)
			}
		}
		s.applied++
	}
	names := make([]string, 0, len(taken))
	for name := range taken {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if err := rewrite(name, taken[name]); err != nil {
			return s, err
		}
		s.files++
	}
	return s, nil
}

// same reports whether e and o make the same change.
func (e edit) same(o edit) bool {
	return e.Pos.Offset == o.Pos.Offset && e.End.Offset == o.End.Offset && e.New == o.New
}

// overlapsAny reports whether e changes text that one of others changes,
// or inserts at the same place as one of them (the order of the two
// insertions would be arbitrary), unless it is the very same edit.
func overlapsAny(e edit, others []edit) bool {
	for _, o := range others {
		if e.same(o) {
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

// rewrite applies edits, which do not overlap, to the file name.
func rewrite(name string, edits []edit) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	slices.SortFunc(edits, func(a, b edit) int { return cmp.Compare(b.Pos.Offset, a.Pos.Offset) })
	out := src
	for _, e := range edits {
		if e.End.Offset > len(out) || e.Pos.Offset > e.End.Offset {
			return fmt.Errorf("%s: a fix edits outside the file", name)
		}
		out = slices.Concat(out[:e.Pos.Offset], []byte(e.New), out[e.End.Offset:])
	}
	formatted, err := format.Source(out)
	if err != nil {
		return fmt.Errorf("%s: the fixed file does not parse: %v", name, err)
	}
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, formatted, info.Mode().Perm())
}

// reportFixes prints the summary line of -fix.
func reportFixes(s fixSummary, stderr io.Writer) {
	fmt.Fprintf(stderr, "%s: %s\n", progname(), s)
}
