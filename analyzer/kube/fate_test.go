package kube_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/kube"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// fateProbe reports the fate the model gives each write's failure, so that
// `// want "fate ..."` comments in testdata/src/kube/fate pin the error-flow
// analysis down, path by path, apart from any analyzer's policy.
var fateProbe = &analysis.Analyzer{
	Name:     "fateprobe",
	Doc:      "report the fate of every write's failure",
	Requires: []*analysis.Analyzer{model},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[model].(*kube.Result)
		for _, w := range res.Writes() {
			pass.Reportf(w.Call.Pos(), "fate %s", res.Tracer().Trace(w.Cursor))
		}
		return nil, nil
	},
}

func TestFate(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), fateProbe, "kube/fate", "nokube")
}
