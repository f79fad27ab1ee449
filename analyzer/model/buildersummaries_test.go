package model

import (
	"go/types"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/internal/testdir"
)

// TestBuilderSummariesAgree checks that the summaries exportBuilderFacts
// computes only for the exported functions with an object result and
// their callees give each of those functions the fresh result that the
// summaries of every function of the package give it.
func TestBuilderSummariesAgree(t *testing.T) {
	var compared atomic.Int64 // the checker runs packages in parallel
	probe := &analysis.Analyzer{
		Name:       "buildersummaries",
		Doc:        "compare the builder summaries with the whole package's",
		FactTypes:  []analysis.Fact{new(FreshBuildFact), new(KeepsVersionFact)},
		ResultType: reflect.TypeFor[int](),
		Run: func(pass *analysis.Pass) (any, error) {
			decls := collectDecls(pass.TypesInfo, pass.Pkg, pass.Files)
			none, objects := new(writesAndReads), make(objectTypes)
			whole := newVersionJudge(pass.TypesInfo, decls.decls, none, objects, summarizeVersions(pass, decls.decls, none, objects, nil, nil), nil)
			builders := newVersionJudge(pass.TypesInfo, decls.decls, none, objects, summarizeBuilders(pass, decls.decls, objects), nil)
			fns := sortedDecls(decls.decls)
			fns = slices.DeleteFunc(fns, func(fn *types.Func) bool { return !fn.Exported() || len(whole.objectResults(fn)) == 0 })
			for _, fn := range fns {
				if w, b := whole.freshResultOf(fn), builders.freshResultOf(fn); w != b {
					t.Errorf("%s: fresh result %d from the builder summaries, %d from the whole package's", fn.FullName(), b, w)
				}
			}
			compared.Add(int64(len(fns)))
			return len(fns), nil
		},
	}
	// The packages' want comments are for the checks, not this probe.
	analysistest.Run(ignoreWants{}, testdir.Path(t), probe, "builders/...", "valueflow/...", "kube/...",
		"unretriedupdate/...", "staleupdate/...", "proof/...", "crosspkg/...", "consequence/...", "realbugs/...")
	if n := compared.Load(); n < 100 {
		t.Errorf("compared %d exported builders, want the testdata's 100 or more", n)
	}
}

// ignoreWants drops analysistest's complaints about unmatched want
// comments.
type ignoreWants struct{}

func (ignoreWants) Errorf(string, ...any) {}
