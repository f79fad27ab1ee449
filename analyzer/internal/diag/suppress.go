package diag

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Suppression works inside each analyzer, so it behaves the same under
// go vet -vettool, go fix, the standalone driver and golangci-lint:
//
//   - the directives analyzer (NewDirectives), which reports nothing,
//     parses a package's directives once; every analyzer of the suite
//     requires it;
//   - Report drops a finding covered by a well-formed directive that names
//     the reporting analyzer, and records that the directive was used;
//   - an analyzer whose Run is built with WithUnusedDirectives reports,
//     after its run, the well-formed directives naming it that hid nothing;
//   - malformed directives (no reason, no or unknown analyzer names) are the
//     business of the ignoredirective analyzer, which reads Known.

// Directives is the result of the directives analyzer for one package: its
// directives, and which analyzers each one has hidden findings of. The
// analyzers of a package run concurrently and share it.
type Directives struct {
	known []string     // the suite's analyzer names, sorted
	list  []*Directive // in source order

	mu   sync.Mutex
	used map[string]map[*Directive]bool // analyzer name -> directives that hid one of its findings
}

// NewDirectives returns the result-only analyzer that parses a package's
// //conflictlint:ignore directives. known gives the names of the suite's
// analyzers; it is called when the analyzer runs, so a suite can build the
// analyzers that require this one first.
func NewDirectives(known func() []string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "directives",
		Doc:              "parse //conflictlint:ignore directives (helper for the conflictlint analyzers)",
		URL:              "https://github.com/conflictlint/conflictlint#suppressing-a-finding",
		ResultType:       reflect.TypeFor[*Directives](),
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass) (any, error) {
			names := slices.Sorted(slices.Values(known()))
			return &Directives{known: names, list: DirectivesOf(pass.Files), used: make(map[string]map[*Directive]bool)}, nil
		},
	}
}

// Known returns the sorted names of the suite's analyzers.
func (ds *Directives) Known() []string { return ds.known }

// All returns every directive of the package, in source order.
func (ds *Directives) All() []*Directive { return ds.list }

// hiding returns the well-formed directives that name analyzer.
func (ds *Directives) hiding(analyzer string) []*Directive {
	var out []*Directive
	for _, d := range ds.list {
		if d.Mentions(analyzer) && d.Problem(ds.known) == "" {
			out = append(out, d)
		}
	}
	return out
}

// directivesOf returns the directives result among the analyzers pass's
// analyzer requires, or nil when it requires none.
func directivesOf(pass *analysis.Pass) *Directives {
	for _, req := range pass.Analyzer.Requires {
		if ds, ok := pass.ResultOf[req].(*Directives); ok {
			return ds
		}
	}
	return nil
}

// suppressed reports whether a directive hides a finding of pass at pos,
// and marks the directives that do as used by pass's analyzer.
func suppressed(pass *analysis.Pass, pos token.Pos) bool {
	ds := directivesOf(pass)
	if ds == nil {
		return false
	}
	tf := pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	line := tf.Line(pos)
	name := pass.Analyzer.Name
	hit := false
	for _, d := range ds.hiding(name) {
		if pass.Fset.File(d.Comment.Pos()) == tf && d.covers(tf, line) {
			ds.markUsed(name, d)
			hit = true
		}
	}
	return hit
}

func (ds *Directives) markUsed(analyzer string, d *Directive) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.used[analyzer] == nil {
		ds.used[analyzer] = make(map[*Directive]bool)
	}
	ds.used[analyzer][d] = true
}

func (ds *Directives) wasUsed(analyzer string, d *Directive) bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.used[analyzer][d]
}

// WithUnusedDirectives returns a Run function that runs run and then, when
// it succeeded, reports the directives naming the analyzer that hid none
// of its findings in the package. Every analyzer of the suite builds its
// Run with it.
func WithUnusedDirectives(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		res, err := run(pass)
		if err == nil {
			reportUnused(pass)
		}
		return res, err
	}
}

// reportUnused reports the directives naming pass's analyzer that hid
// nothing. These reports are never suppressed themselves.
func reportUnused(pass *analysis.Pass) {
	ds := directivesOf(pass)
	if ds == nil {
		return
	}
	name := pass.Analyzer.Name
	for _, d := range ds.hiding(name) {
		if ds.wasUsed(name, d) {
			continue
		}
		msg := fmt.Sprintf("conflictlint:ignore directive for %s"+unusedMark+"remove it", name)
		if len(d.Names) > 1 {
			msg = fmt.Sprintf("conflictlint:ignore directive for %s"+unusedMark+"remove %s from it", name, name)
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

// unusedMark is the part of the message of an unused directive that tells
// it from every other finding (see IsUnusedDirective).
const unusedMark = " suppresses nothing: "

// IsUnusedDirective reports whether message is that of a directive that
// hid nothing in the package unit it was reported in. A driver that
// analyzes a package in several units (itself, its test variant) keeps
// such a report only when every unit holding the directive's file made
// it: a unit that leaves the product files to another one never sees the
// finding the directive hides.
func IsUnusedDirective(message string) bool {
	return strings.HasPrefix(message, "conflictlint:ignore directive for ") && strings.Contains(message, unusedMark)
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

// NoDirectives returns the Directives of a package that has none, for a
// package on which parsing them failed (see analyzer/internal/guard).
func NoDirectives() *Directives {
	return &Directives{used: make(map[string]map[*Directive]bool)}
}

// FailedDirectives is NoDirectives in the shape of a fallback for the
// directives analyzer (see analyzer/internal/wrap): a package on which it
// failed with err has no directives, and its findings are all reported.
func FailedDirectives(err error) *Directives { return NoDirectives() }
