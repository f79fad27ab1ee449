package conflictlint

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestFoldRelated runs a folded analyzer on a fake pass: the related
// positions, one in the finding's file and one in another package, end up
// in the message with paths from the finding's directory, before the
// consequence clause, which stays last.
func TestFoldRelated(t *testing.T) {
	fset := token.NewFileSet()
	controller := fset.AddFile("/m/internal/controller/status.go", -1, 1000)
	controller.SetLinesForContent([]byte(repeatLines(40)))
	helper := fset.AddFile("/m/internal/kubeutil/annotate.go", -1, 1000)
	helper.SetLinesForContent([]byte(repeatLines(40)))
	at := func(f *token.File, line int) token.Pos { return f.LineStart(line) }

	reporting := &analysis.Analyzer{
		Name: "unretriedupdate",
		Doc:  "test",
		Run: func(pass *analysis.Pass) (any, error) {
			pass.Report(analysis.Diagnostic{
				Pos:     at(controller, 30),
				Message: "conflict from r.Update of obj is dropped",
				Related: []analysis.RelatedInformation{
					{Pos: at(controller, 18), Message: "first write"},
					{Pos: at(helper, 7), Message: "the conflict-prone write"},
				},
			})
			pass.Report(analysis.Diagnostic{Pos: at(controller, 31), Message: "no related position"})
			pass.Report(analysis.Diagnostic{
				Pos:     at(controller, 32),
				Message: "conflict from r.Update of obj is dropped; lost until resync (10m)",
				Related: []analysis.RelatedInformation{{Pos: at(helper, 7), Message: "the conflict-prone write"}},
			})
			return nil, nil
		},
	}
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Fset: fset, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	folded := foldingRelated([]*analysis.Analyzer{reporting})[0]
	if _, err := folded.Run(pass); err != nil {
		t.Fatal(err)
	}
	if folded == reporting || folded.Name != reporting.Name {
		t.Errorf("want a copy under the same name")
	}
	want := []string{
		"conflict from r.Update of obj is dropped; first write at status.go:18; the conflict-prone write at ../kubeutil/annotate.go:7",
		"no related position",
		"conflict from r.Update of obj is dropped; the conflict-prone write at ../kubeutil/annotate.go:7; lost until resync (10m)",
	}
	if len(got) != len(want) {
		t.Fatalf("%d diagnostics, want %d", len(got), len(want))
	}
	for i, d := range got {
		if d.Message != want[i] || d.Related != nil || d.Pos != [...]token.Pos{at(controller, 30), at(controller, 31), at(controller, 32)}[i] {
			t.Errorf("diagnostic %d: %q at %v with %d related, want %q at its own position and none related",
				i, d.Message, fset.Position(d.Pos), len(d.Related), want[i])
		}
	}
}

func repeatLines(n int) string {
	s := ""
	for range n {
		s += "x\n"
	}
	return s
}
