package model

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The version judge's per-function summaries: which result a function
// builds without a resourceVersion (a fresh builder, builders.go), and
// which parameters it leaves without one (a keeper, keepers.go). They are
// computed for every function of the package before the judge answers
// anything, and only read after: no answer depends on which question came
// first.
//
// A function's summary reads its callees' (a variable built by a fresh
// builder is fresh; an object handed to a keeper stays fresh), so the
// functions are summarized callees first, one component of the call graph
// at a time. Inside a recursive component the summaries start at nothing
// fresh and nothing kept, and the component's functions are judged again
// in source order until none changes: a least fixed point, in which a
// function is a builder or a keeper only when that is proven without
// assuming it (two functions that only hand an object to each other keep
// nothing).
//
// The summaries read other packages' returners only (an object handed to
// a write helper that sends it as given, see sendsAsGiven): this package's
// returners are found later, from the judge's answers.

// versionSummaries are the summaries of the package's functions, and of
// other packages' functions that it calls (from their facts).
type versionSummaries struct {
	// fresh tells, per result of a function, whether every return builds
	// it without a resourceVersion. A summarized function holds at most
	// one, the first, as a FreshBuildFact does: callers read a builder of
	// the package as they read one of another. Only the component being
	// summarized holds every such result, so that its fixed point grows
	// (see summarizeComponent).
	fresh map[*types.Func][]bool
	// keepers tells, per parameter of a function, whether it leaves its
	// object without a resourceVersion.
	keepers map[*types.Func][]bool
}

// summarizeVersions returns the summaries of the package's functions
// declared by decls and of the other packages' functions its files call,
// judged over the finished writes and reads found and other packages'
// returners. callees are what the first stage found each walked function
// calls (see staticCallees; nil where none walked).
func summarizeVersions(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, found *writesAndReads, objects objectTypes, returners map[*types.Func]Returner, callees map[*types.Func][]*types.Func) *versionSummaries {
	s, sum := newVersionSummarizer(pass, decls, found, objects, returners)
	fns := s.summarized(sortedDecls(decls))
	edges := make(map[*types.Func][]*types.Func, len(fns))
	for _, fn := range fns {
		if cs, walked := callees[fn]; walked {
			edges[fn] = slices.DeleteFunc(slices.Clone(cs), func(c *types.Func) bool { return decls[c] == nil })
		} else {
			edges[fn] = localCallees(pass.TypesInfo, decls[fn].Body, decls)
		}
	}
	s.solve(fns, edges)
	return sum
}

// summarizeBuilders returns the summaries that the FreshBuildFacts of a
// package the model does not walk need (see exportBuilderFacts): those of
// its exported functions with an object result and of the functions they
// call, transitively. No other function's summary can change theirs, and
// an API package's hundreds of generated conversion functions, which take
// objects and return none, are left alone.
func summarizeBuilders(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, objects objectTypes) *versionSummaries {
	s, sum := newVersionSummarizer(pass, decls, new(writesAndReads), objects, nil)
	all := s.summarized(sortedDecls(decls))
	summarized := make(map[*types.Func]bool, len(all))
	for _, fn := range all {
		summarized[fn] = true
	}
	edges := make(map[*types.Func][]*types.Func)
	var visit func(fn *types.Func)
	visit = func(fn *types.Func) {
		if _, seen := edges[fn]; seen {
			return
		}
		edges[fn] = localCallees(pass.TypesInfo, decls[fn].Body, decls)
		for _, c := range edges[fn] {
			if summarized[c] {
				visit(c)
			}
		}
	}
	for _, fn := range all {
		if fn.Exported() && len(s.j.objectResults(fn)) > 0 {
			visit(fn)
		}
	}
	s.solve(slices.DeleteFunc(all, func(fn *types.Func) bool { _, reached := edges[fn]; return !reached }), edges)
	return sum
}

// newVersionSummarizer returns a summarizer whose judge reads the
// summaries it fills, with the other packages' already imported.
func newVersionSummarizer(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, found *writesAndReads, objects objectTypes, returners map[*types.Func]Returner) (versionSummarizer, *versionSummaries) {
	sum := &versionSummaries{fresh: make(map[*types.Func][]bool), keepers: make(map[*types.Func][]bool)}
	sum.importFacts(pass)
	return versionSummarizer{newVersionJudge(pass.TypesInfo, decls, found, objects, sum, returners)}, sum
}

// solve summarizes fns, whose calls among the package's functions edges
// gives, callees first, one component of the call graph at a time.
func (s versionSummarizer) solve(fns []*types.Func, edges map[*types.Func][]*types.Func) {
	graph.Solver[*types.Func]{
		Succ:      func(fn *types.Func) []*types.Func { return edges[fn] },
		Step:      s.summarize,
		MaxRounds: judgmentRounds,
		Finish:    s.keepFirstFresh,
	}.Solve(fns)
}

// importFacts records the summaries that the facts of the other packages'
// functions the package names give (every callee among them: info.Uses
// names each, as the generic origin or not, without a walk of the files).
func (s *versionSummaries) importFacts(pass *analysis.Pass) {
	byFunc := make(map[*types.Func][]analysis.Fact) // the other packages' functions with a version fact
	for _, f := range pass.AllObjectFacts() {
		switch f.Fact.(type) {
		case *FreshBuildFact, *KeepsVersionFact:
			if fn, ok := f.Object.(*types.Func); ok && fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
				byFunc[fn] = append(byFunc[fn], f.Fact)
			}
		}
	}
	if len(byFunc) == 0 {
		return // most packages see none: no pass over the uses
	}
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		fn = fn.Origin()
		if facts, ok := byFunc[fn]; ok {
			delete(byFunc, fn) // once per function
			for _, fact := range facts {
				s.importFrom(fn, fact)
			}
		}
	}
}

// importFrom records what fact, a FreshBuildFact or a KeepsVersionFact
// of fn, says.
func (s *versionSummaries) importFrom(fn *types.Func, fact analysis.Fact) {
	switch fact := fact.(type) {
	case *FreshBuildFact:
		if fact.Result >= 0 && fact.Result < fn.Signature().Results().Len() {
			s.fresh[fn] = make([]bool, fn.Signature().Results().Len())
			s.fresh[fn][fact.Result] = true
		}
	case *KeepsVersionFact:
		kept := make([]bool, fn.Signature().Params().Len())
		for _, i := range fact.Params {
			if i < len(kept) {
				kept[i] = true
			}
		}
		s.keepers[fn] = kept
	}
}

// sortedDecls returns the functions of decls in source order.
func sortedDecls(decls map[*types.Func]*ast.FuncDecl) []*types.Func {
	fns := make([]*types.Func, 0, len(decls))
	for fn := range decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(decls[a].Pos() - decls[b].Pos()) })
	return fns
}

// versionSummarizer fills the summaries of the package's functions, with
// a judge that reads them as they stand.
type versionSummarizer struct {
	j *versionJudge
}

// summarized returns the functions of fns that may have a summary: those
// with an object result (or a slice of them) or an object parameter. The
// summaries of the others are empty whatever their callees', so they are
// left out of the call graph.
//
// So are the deep-copy methods API types have (generated, hundreds in an
// API package): a copy keeps every field of its receiver, resourceVersion
// included, and DeepCopyInto overwrites its argument whole, so no result
// is fresh and no parameter kept, whatever the callees.
func (s versionSummarizer) summarized(fns []*types.Func) []*types.Func {
	return slices.DeleteFunc(fns, func(fn *types.Func) bool {
		return isDeepCopyMethod(fn) || len(s.j.objectResults(fn)) == 0 && !s.takesObject(fn)
	})
}

// isDeepCopyMethod reports whether fn is a method named as deepcopy-gen
// names those it generates.
func isDeepCopyMethod(fn *types.Func) bool {
	switch fn.Name() {
	case "DeepCopy", "DeepCopyInto", "DeepCopyObject":
		return fn.Signature().Recv() != nil
	}
	return false
}

// takesObject reports whether a parameter of fn is an object.
func (s versionSummarizer) takesObject(fn *types.Func) bool {
	for p := range fn.Signature().Params().Variables() {
		if s.j.objects.is(p.Type()) {
			return true
		}
	}
	return false
}

// localCallees returns the functions of decls that body calls, each once,
// in source order: those whose summaries the summary of body's function
// reads.
func localCallees(info *types.Info, body *ast.BlockStmt, decls map[*types.Func]*ast.FuncDecl) []*types.Func {
	return slices.DeleteFunc(upstream.CalleesOf(info, body), func(fn *types.Func) bool { return decls[fn] == nil })
}

// judgmentRounds bounds the rounds of a component. A judgment only grows
// with the summaries it reads, so every round but the last adds a result
// or a parameter: there are at most as many rounds as those. The bound
// guards against a judgment that stopped growing so; past it the
// component claims nothing (see keepFirstFresh), which is sound.
func judgmentRounds(comp []*types.Func) int {
	rounds := 1
	for _, fn := range comp {
		rounds += fn.Signature().Results().Len() + fn.Signature().Params().Len()
	}
	return rounds
}

// keepFirstFresh leaves each function of a solved component only its
// first fresh result: in the fixed point a function may prove another
// result fresh before its first one, and the set of fresh results only
// grows, while the first one could change. A component that did not
// settle claims nothing.
func (s versionSummarizer) keepFirstFresh(comp []*types.Func, settled bool) {
	sum := s.j.sum
	for _, fn := range comp {
		sum.fresh[fn] = firstOnly(sum.fresh[fn])
		if !settled {
			sum.fresh[fn], sum.keepers[fn] = nil, nil
		}
	}
}

// firstOnly returns fresh with only its first true left, or nil.
func firstOnly(fresh []bool) []bool {
	i := firstTrue(fresh)
	if i < 0 {
		return nil
	}
	out := make([]bool, i+1)
	out[i] = true
	return out
}

// summarize judges fn again from the summaries so far, and reports whether
// its summary changed.
func (s versionSummarizer) summarize(fn *types.Func) bool {
	j, sum := s.j, s.j.sum
	decl := j.decls[fn]
	fresh, kept := j.buildsFresh(fn, decl), j.judgeParams(fn, decl)
	changed := !slices.Equal(fresh, sum.fresh[fn]) || !slices.Equal(kept, sum.keepers[fn])
	sum.fresh[fn], sum.keepers[fn] = fresh, kept
	return changed
}

// freshResultOf returns the index of the result that fn, of the package
// or another (by its FreshBuildFact), builds without a resourceVersion on
// every return, or -1.
func (j *versionJudge) freshResultOf(fn *types.Func) int {
	return firstTrue(j.sum.fresh[fn])
}

// buildsFreshAt reports whether every return of fn builds its result i
// without a resourceVersion.
func (j *versionJudge) buildsFreshAt(fn *types.Func, i int) bool {
	fresh := j.sum.fresh[fn]
	return i >= 0 && i < len(fresh) && fresh[i]
}

// keptParams tells, per parameter of fn, whether fn leaves the object it
// is given without a resourceVersion (nil: none): fn never assigns it,
// reads into it, writes it with a client that refreshes it in place, or
// hands it to a call that could give it one. A function of the package is
// judged by its body (judgeParams); one of another package by its
// KeepsVersionFact.
func (j *versionJudge) keptParams(fn *types.Func) []bool {
	return j.sum.keepers[fn]
}

// firstTrue returns the index of the first true of bs, or -1.
func firstTrue(bs []bool) int {
	return slices.Index(bs, true)
}
