package analyzer_test

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// scenarioPackages are the analysistest packages of every analyzer.
var scenarioPackages = []string{"unretriedupdate/...", "staleupdate/...", "retryreget/...", "listermutation/...", "strict/...", "realbugs/..."}

// TestOneFixPerWrite runs the whole suite over every scenario package, in
// both modes of unretriedupdate, and checks what golangci-lint relies on
// when it applies every fix it is given: a write reported by several
// analyzers carries one fix, and no two fixes edit the same text. Strict
// mode is where the scenarios meet: without repair.FixOwnerOf,
// unretriedupdate's wrap and staleupdate's keep-the-result fix both edit
// the first write of the typed and dynamic staleupdate scenarios.
func TestOneFixPerWrite(t *testing.T) {
	for _, mode := range []string{"propagate", "strict"} {
		t.Run(mode, func(t *testing.T) {
			type fixed struct {
				analyzer string
				edits    []span
			}
			byPos := make(map[token.Position][]fixed)
			var all []fixed
			for _, a := range analyzer.Default() {
				if a.Name == "unretriedupdate" {
					if err := a.Flags.Set("mode", mode); err != nil {
						t.Fatal(err)
					}
				}
				var quiet silentT
				for _, res := range analysistest.Run(&quiet, testdir.Path(t), a, scenarioPackages...) {
					fset := res.Pass.Fset
					for _, d := range res.Diagnostics {
						for _, fx := range d.SuggestedFixes {
							f := fixed{a.Name, spansOf(fset, fx)}
							byPos[fset.Position(d.Pos)] = append(byPos[fset.Position(d.Pos)], f)
							all = append(all, f)
						}
					}
				}
			}
			for pos, fs := range byPos {
				for _, f := range fs[1:] {
					if f.analyzer != fs[0].analyzer {
						t.Errorf("%s: fixes from %s and %s for one finding position", pos, fs[0].analyzer, f.analyzer)
					}
				}
			}
			for i, f := range all {
				for _, g := range all[i+1:] {
					if f.analyzer != g.analyzer && overlap(f.edits, g.edits) {
						t.Errorf("%s and %s offer overlapping fixes in %s", f.analyzer, g.analyzer, f.edits[0].file)
					}
				}
			}
		})
	}
}

// span is a text edit by file name and offsets: the scenario packages are
// loaded once per analyzer, each time with a file set of its own.
type span struct {
	file       string
	start, end int
	text       string
}

func spansOf(fset *token.FileSet, fx analysis.SuggestedFix) []span {
	out := make([]span, len(fx.TextEdits))
	for i, e := range fx.TextEdits {
		start := fset.Position(e.Pos)
		end := start.Offset
		if e.End.IsValid() {
			end = fset.Position(e.End).Offset
		}
		out[i] = span{start.Filename, start.Offset, end, string(e.NewText)}
	}
	return out
}

// overlap reports whether two fixes change the same text of one file, or
// insert different text at the same place (where their order would be
// arbitrary).
func overlap(a, b []span) bool {
	for _, x := range a {
		for _, y := range b {
			if x.file != y.file {
				continue
			}
			if x.start < y.end && y.start < x.end {
				return true
			}
			if x.start == y.start && (x.start == x.end || y.start == y.end) && x.text != y.text {
				return true
			}
		}
	}
	return false
}
