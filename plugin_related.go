package conflictlint

import (
	"fmt"
	"go/token"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer"
)

// golangci-lint turns each related position of a diagnostic into an issue
// of its own ("unretriedupdate(related information): ..."), which a
// //nolint on the finding's line does not silence. Under golangci-lint the
// analyzers therefore fold their related positions into the message, so
// that one finding is one issue:
//
//	unretriedupdate: conflict from save cannot be returned by sync: ...; the conflict-prone write: c.Update at store.go:23; lost for good
//
// The consequence clause stays last, after the related positions, so that
// golangci-lint's severity rules can match it at the end of the text (see
// docs/golangci-lint.md).

// foldingRelated returns copies of analyzers whose diagnostics carry their
// related positions in the message instead of in Related.
func foldingRelated(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		out[i] = foldRelated(a)
	}
	return out
}

func foldRelated(a *analysis.Analyzer) *analysis.Analyzer {
	folding := *a
	folding.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		p := *pass
		p.Report = func(d analysis.Diagnostic) { report(foldDiagnostic(pass.Fset, d)) }
		return a.Run(&p)
	}
	return &folding
}

// foldDiagnostic adds "; <message> at <file>:<line>" to d's message for
// each related position, before its consequence clause if it has one. The
// file is relative to the directory of d's own file, so that it names the
// right file wherever golangci-lint prints d.
func foldDiagnostic(fset *token.FileSet, d analysis.Diagnostic) analysis.Diagnostic {
	if len(d.Related) == 0 {
		return d
	}
	msg, grade := analyzer.SplitConsequence(d.Message)
	dir := filepath.Dir(fset.Position(d.Pos).Filename)
	for _, r := range d.Related {
		pos := fset.Position(r.Pos)
		msg += fmt.Sprintf("; %s at %s:%d", r.Message, relativeTo(dir, pos.Filename), pos.Line)
	}
	d.Message = msg + grade
	d.Related = nil
	return d
}

func relativeTo(dir, filename string) string {
	if rel, err := filepath.Rel(dir, filename); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(filename)
}
