package kube_test

import (
	"fmt"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/internal/testdir"
	"github.com/conflictlint/conflictlint/analyzer/kube"
)

// probe reports everything the model found, so that `// want` comments in
// testdata/src/kube pin the model down.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report the kube model",
	Requires: []*analysis.Analyzer{kube.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[kube.Analyzer].(*kube.Result)
		if !res.Relevant {
			pass.Reportf(pass.Files[0].Package, "not relevant")
		}
		for _, w := range res.Writes {
			scoped := ""
			if w.Scope != nil {
				scoped = " in scope"
			}
			pass.Reportf(w.Call.Pos(), "write %s %s via %s%s", w.Kind, w.Object.Name(), types.ExprString(w.Client), scoped)
		}
		for _, r := range res.Reads {
			pass.Reportf(r.Node.Pos(), "read %s", r.Object.Name())
		}
		for _, s := range res.Scopes {
			pass.Reportf(s.Body.Pos(), "scope of %s", s.Callee.Name())
		}
		for fn, i := range res.RetryHelpers {
			pass.Reportf(fn.Pos(), "retry helper param %d", i)
		}
		for _, c := range res.ConflictChecks {
			pass.Reportf(c.Pos(), "conflict check")
		}
		return nil, nil
	},
}

func TestModel(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), probe, "kube/model", "kube/nokube")
}

func TestWriteKindString(t *testing.T) {
	got := fmt.Sprint(kube.WriteUpdate, kube.WriteTypedUpdate, kube.WriteDynamicUpdate)
	if got != "update typed-update dynamic-update" {
		t.Fatalf("got %q", got)
	}
}
