// Package diag builds conflictlint's diagnostics in one place, so that every
// analyzer gets the same category, documentation link, handling of
// generated files and //conflictlint:ignore suppression.
package diag

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// Related is a second location worth showing with a diagnostic.
type Related struct {
	Node    ast.Node
	Message string
}

// Report reports msg at node, unless node is in a generated file (nobody
// can act on a finding there) or a //conflictlint:ignore directive naming
// the analyzer covers it (see DirectivePrefix). Fixes are attached as
// given; callers pass at most one.
func Report(pass *analysis.Pass, node ast.Node, msg string, related []Related, fixes ...analysis.SuggestedFix) {
	if InGenerated(pass, node.Pos()) || suppressed(pass, node.Pos()) {
		return
	}
	d := analysis.Diagnostic{
		Pos:            node.Pos(),
		End:            node.End(),
		Category:       pass.Analyzer.Name,
		URL:            pass.Analyzer.URL,
		Message:        msg,
		SuggestedFixes: fixes,
	}
	for _, r := range related {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: r.Node.Pos(), End: r.Node.End(), Message: r.Message})
	}
	pass.Report(d)
}

// InGenerated reports whether pos lies in a file marked as generated.
func InGenerated(pass *analysis.Pass, pos token.Pos) bool {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return ast.IsGenerated(f)
		}
	}
	return false
}
