package analyzer

import (
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/model"
)

// FreeingModels returns copies of roots whose runs free each package's
// model (model.Result.Release) as soon as the last of roots that uses it is
// done, for a driver that analyzes a whole program in one process: the
// go/analysis checker keeps every action's result until all are done, and
// the models are the largest thing the suite allocates. The copies share
// their Requires with roots, so the model is still computed once per
// package; analyzers neither see nor take part in this. A model required
// by an analyzer that is not among roots is never freed.
func FreeingModels(roots []*analysis.Analyzer) []*analysis.Analyzer {
	consumers := make(map[*analysis.Analyzer]int) // model analyzer -> roots that require it
	for _, a := range roots {
		for _, m := range models(a) {
			consumers[m]++
		}
	}
	var mu sync.Mutex
	done := make(map[*model.Result]int) // roots finished with each result
	finished := func(m *analysis.Analyzer, res *model.Result) {
		mu.Lock()
		defer mu.Unlock()
		done[res]++
		if done[res] == consumers[m] {
			delete(done, res)
			res.Release()
		}
	}
	out := make([]*analysis.Analyzer, len(roots))
	for i, a := range roots {
		uses := models(a)
		if len(uses) == 0 {
			out[i] = a
			continue
		}
		copied := *a
		copied.Run = func(pass *analysis.Pass) (any, error) {
			defer func() {
				for _, m := range uses {
					if res, ok := pass.ResultOf[m].(*model.Result); ok {
						finished(m, res)
					}
				}
			}()
			return a.Run(pass)
		}
		out[i] = &copied
	}
	return out
}

// models returns the model analyzers a requires.
func models(a *analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, req := range a.Requires {
		if req.ResultType == reflect.TypeFor[*model.Result]() {
			out = append(out, req)
		}
	}
	return out
}
