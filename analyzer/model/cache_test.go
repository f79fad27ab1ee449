package model_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// cacheProbe reports what the informer-cache view of a package holds, or
// "no cache" when the package is skipped.
var cacheProbe = &analysis.Analyzer{
	Name:     "cacheprobe",
	Doc:      "report the informer-cache model",
	Requires: []*analysis.Analyzer{modelAnalyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[modelAnalyzer].(*model.Result)
		c := res.Cache(pass)
		if c == nil {
			pass.Reportf(pass.Files[0].Package, "no cache")
			return nil, nil
		}
		for v := range c.HandlerParams {
			pass.Reportf(v.Pos(), "handler argument %s", v.Name())
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if k := c.ReadAt(call); k != upstream.NotCacheRead {
						pass.Reportf(call.Pos(), "cache read %d", k)
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestCacheModel pins the cache model down, and checks its gate: a package
// that imports client-go's cache without reading from one is skipped.
func TestCacheModel(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), cacheProbe, "kube/cacheuse", "kube/cachequiet")
}
