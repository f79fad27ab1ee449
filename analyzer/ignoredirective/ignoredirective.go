package ignoredirective

import (
	_ "embed"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
)

//go:embed doc.go
var docFile string

// New returns the analyzer that reports malformed //conflictlint:ignore
// directives, checking the names against the suite's (see
// diag.NewDirectives). It has the signature of every check of the suite;
// it needs no model.
func New(_, directives *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "ignoredirective",
		Doc:      docs.MustExtract(docFile, "ignoredirective"),
		Requires: []*analysis.Analyzer{directives},
		Run: diag.WithUnusedDirectives(func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[directives].(*diag.Directives))
		}),
	}
}

func run(pass *analysis.Pass, ds *diag.Directives) (any, error) {
	known := ds.Known()
	for _, d := range ds.All() {
		msg := d.Problem(known)
		if msg == "" {
			continue
		}
		if fix, ok := repairFix(d, known); ok {
			diag.Report(pass, d.Comment, msg, nil, fix)
		} else {
			diag.Report(pass, d.Comment, msg, nil)
		}
	}
	return nil, nil
}

// repairFix rewrites the analyzer names of a directive whose only problems
// are in how they are spelled: an empty entry (a doubled comma) is dropped
// and an unknown name becomes the one known name it is a typo of (at most
// two edits away, and closer to it than to any other). A directive without
// a reason, or with a name that is no clear typo, gets no fix: what it
// should say is the author's to decide.
func repairFix(d *diag.Directive, known []string) (analysis.SuggestedFix, bool) {
	if d.Reason == "" || len(d.Names) == 0 {
		return analysis.SuggestedFix{}, false
	}
	var names []string
	for _, n := range d.Names {
		if n == "" {
			continue
		}
		fixed, ok := closestName(n, known)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		names = append(names, fixed)
	}
	written := strings.Join(d.Names, ",")
	at := strings.Index(d.Comment.Text, written)
	if len(names) == 0 || at < 0 {
		return analysis.SuggestedFix{}, false
	}
	start := d.Comment.Pos() + token.Pos(at)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Name %s", strings.Join(names, ",")),
		TextEdits: []analysis.TextEdit{{Pos: start, End: start + token.Pos(len(written)), NewText: []byte(strings.Join(names, ","))}},
	}, true
}

// closestName returns name when it is known, or the only known name at
// most two edits from it and nearer than every other.
func closestName(name string, known []string) (string, bool) {
	best, bestDist, tie := "", 3, false
	for _, k := range known {
		switch d := editDistance(name, k); {
		case d == 0:
			return k, true
		case d < bestDist:
			best, bestDist, tie = k, d, false
		case d == bestDist:
			tie = true
		}
	}
	return best, best != "" && !tie
}

// editDistance is the Levenshtein distance between a and b (bytes: the
// analyzer names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
