package diag

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// DirectivePrefix starts a suppression comment:
//
//	//conflictlint:ignore <analyzer>[,<analyzer>...] <reason>
//
// A directive on the line of a finding, or on the line above it, hides the
// findings of the named analyzers there. Text after " //" is an ordinary
// comment, not part of the reason.
const DirectivePrefix = "//conflictlint:ignore"

// Directive is one suppression comment.
type Directive struct {
	Comment *ast.Comment
	Names   []string // analyzer names as written; empty entries kept
	Reason  string   // may be empty (which is itself reported)
}

// ParseDirective parses c, reporting false when c is not a directive.
func ParseDirective(c *ast.Comment) (*Directive, bool) {
	rest, ok := strings.CutPrefix(c.Text, DirectivePrefix)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil, false
	}
	if i := strings.Index(rest, " //"); i >= 0 {
		rest = rest[:i]
	}
	d := &Directive{Comment: c}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return d, true
	}
	d.Names = strings.Split(fields[0], ",")
	d.Reason = strings.Join(fields[1:], " ")
	return d, true
}

// Mentions reports whether d names the analyzer called name.
func (d *Directive) Mentions(name string) bool {
	for _, n := range d.Names {
		if n == name {
			return true
		}
	}
	return false
}

// FileDirectives returns the directives of f, or none when f is generated
// (its findings are never reported, so nothing there needs suppressing).
func FileDirectives(f *ast.File) []*Directive {
	if ast.IsGenerated(f) {
		return nil
	}
	var ds []*Directive
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if d, ok := ParseDirective(c); ok {
				ds = append(ds, d)
			}
		}
	}
	return ds
}

// covers reports whether d, in the file tf, applies to line.
func (d *Directive) covers(tf *token.File, line int) bool {
	at := tf.Line(d.Comment.Pos())
	return line == at || line == at+1
}

// Problem says what is wrong with d, or returns "" when d is well formed.
// Only a well-formed directive hides findings. Names are checked against
// known unless it is empty (an analyzer run outside the suite).
func (d *Directive) Problem(known []string) string {
	const usage = "write //conflictlint:ignore <analyzer>[,<analyzer>] <reason>"
	if len(d.Names) == 0 {
		return "conflictlint:ignore directive names no analyzer: " + usage
	}
	for _, name := range d.Names {
		if name == "" {
			return "conflictlint:ignore directive has an empty analyzer name: " + usage
		}
		if len(known) > 0 && !slices.Contains(known, name) {
			return fmt.Sprintf("conflictlint:ignore directive names unknown analyzer %q, so it hides nothing: known analyzers are %s", name, strings.Join(known, ", "))
		}
	}
	if d.Reason == "" {
		return fmt.Sprintf("conflictlint:ignore directive for %s has no reason, so it hides nothing: add why the finding does not apply after the analyzer names", strings.Join(d.Names, ","))
	}
	return ""
}
