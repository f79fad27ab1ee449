package diag

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Suppression works inside each analyzer, so it behaves the same under
// go vet -vettool, go fix, the standalone driver and golangci-lint, and no
// analyzer needs to know about another:
//
//   - Report drops a finding covered by a well-formed directive that names
//     the reporting analyzer.
//   - An analyzer passed to Install also reports, after its run, the
//     well-formed directives naming it that hid nothing in the package.
//   - Malformed directives (no reason, no or unknown analyzer names) are the
//     business of the ignoredirective analyzer, which reads Known.

var (
	mu        sync.Mutex
	installed = make(map[*analysis.Analyzer]bool)
	known     []string
	active    = make(map[*analysis.Pass]*passState)
)

// Install makes a's passes report the directives naming a that suppressed
// nothing, and records a.Name as a known analyzer. It wraps a.Run, once;
// call it for every analyzer of the suite before any analysis starts.
func Install(a *analysis.Analyzer) {
	mu.Lock()
	defer mu.Unlock()
	if installed[a] {
		return
	}
	installed[a] = true
	known = append(known, a.Name)
	slices.Sort(known)
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		st := newPassState(pass)
		mu.Lock()
		active[pass] = st
		mu.Unlock()
		defer func() {
			mu.Lock()
			delete(active, pass)
			mu.Unlock()
		}()
		res, err := run(pass)
		if err == nil {
			st.reportUnused(pass)
		}
		return res, err
	}
}

// Installed reports whether Install was called for a.
func Installed(a *analysis.Analyzer) bool {
	mu.Lock()
	defer mu.Unlock()
	return installed[a]
}

// Known returns the sorted names of the installed analyzers.
func Known() []string {
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(known)
}

// passState tracks, for one pass, the directives that name its analyzer
// and whether each has hidden a finding.
type passState struct {
	mu   sync.Mutex
	uses map[*Directive]bool
	list []*Directive // in source order
}

func newPassState(pass *analysis.Pass) *passState {
	st := &passState{uses: make(map[*Directive]bool)}
	known := Known()
	for _, f := range pass.Files {
		for _, d := range FileDirectives(f) {
			if d.Mentions(pass.Analyzer.Name) && d.Problem(known) == "" {
				st.uses[d] = false
				st.list = append(st.list, d)
			}
		}
	}
	return st
}

// suppressed reports whether a directive hides a finding of pass at pos,
// and marks the directives that do as used. An analyzer run without Install
// (its own unit tests) still honours directives; it just cannot tell which
// ones went unused.
func suppressed(pass *analysis.Pass, pos token.Pos) bool {
	mu.Lock()
	st := active[pass]
	mu.Unlock()
	if st == nil {
		st = newPassState(pass)
	}
	tf := pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	line := tf.Line(pos)
	st.mu.Lock()
	defer st.mu.Unlock()
	hit := false
	for _, d := range st.list {
		if pass.Fset.File(d.Comment.Pos()) == tf && d.covers(tf, line) {
			st.uses[d] = true
			hit = true
		}
	}
	return hit
}

// reportUnused reports the directives naming pass's analyzer that hid
// nothing. These reports are never suppressed themselves.
func (st *passState) reportUnused(pass *analysis.Pass) {
	st.mu.Lock()
	defer st.mu.Unlock()
	name := pass.Analyzer.Name
	for _, d := range st.list {
		if st.uses[d] {
			continue
		}
		msg := fmt.Sprintf("conflictlint:ignore directive for %s suppresses nothing: remove it", name)
		if len(d.Names) > 1 {
			msg = fmt.Sprintf("conflictlint:ignore directive for %s suppresses nothing: remove %s from it", name, name)
		}
		diagnostic := analysis.Diagnostic{
			Pos:      d.Comment.Pos(),
			End:      d.Comment.End(),
			Category: name,
			URL:      pass.Analyzer.URL,
			Message:  msg,
		}
		if fix, ok := removal(pass, d, name); ok {
			diagnostic.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		pass.Report(diagnostic)
	}
}

// removal is the fix for an unused directive: drop name from its list, or
// the whole comment (and its line, when it stands alone) when name is all
// it names. Removing a comment cannot change behaviour.
func removal(pass *analysis.Pass, d *Directive, name string) (analysis.SuggestedFix, bool) {
	c := d.Comment
	if len(d.Names) > 1 {
		rest := slices.DeleteFunc(slices.Clone(d.Names), func(n string) bool { return n == name })
		text := strings.Replace(c.Text, strings.Join(d.Names, ","), strings.Join(rest, ","), 1)
		return analysis.SuggestedFix{
			Message:   "remove " + name + " from the directive",
			TextEdits: []analysis.TextEdit{{Pos: c.Pos(), End: c.End(), NewText: []byte(text)}},
		}, true
	}
	tf := pass.Fset.File(c.Pos())
	if pass.ReadFile == nil {
		return analysis.SuggestedFix{}, false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return analysis.SuggestedFix{}, false
	}
	start, end := tf.Offset(c.Pos()), tf.Offset(c.End())
	lineStart := tf.Offset(tf.LineStart(tf.Line(c.Pos())))
	before := start
	for before > lineStart && (src[before-1] == ' ' || src[before-1] == '\t') {
		before--
	}
	if before == lineStart && (end == len(src) || src[end] == '\n') {
		// The comment is alone on its line: remove the line.
		before, end = lineStart, min(end+1, len(src))
	}
	return analysis.SuggestedFix{
		Message:   "remove the directive",
		TextEdits: []analysis.TextEdit{{Pos: tf.Pos(before), End: tf.Pos(end)}},
	}, true
}

// DirectivesOf returns the directives of files, for the analyzer that
// checks their form.
func DirectivesOf(files []*ast.File) []*Directive {
	var ds []*Directive
	for _, f := range files {
		ds = append(ds, FileDirectives(f)...)
	}
	return ds
}
