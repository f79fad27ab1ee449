package model

import (
	"fmt"
	"go/ast"
	gobuild "go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The model reads the facts of other packages' functions once: in the
// first stage (importCalleeFacts, foreignFacts), in the version stage for
// the judge's summaries (fresh builders and keepers, summarizeVersions),
// and where the healing stage asks about a callee (resyncs, informer
// kinds); it exports the facts of the package's own functions once, in
// the last stage, from the finished model (exporter).

// imported is what the facts of the callees of other packages say about
// them: which run a func parameter inside a conflict retry, which return a
// write's Conflict, which re-read an object.
type imported struct {
	retryHelpers map[*types.Func]int
	retryPreds   map[*types.Func]int // of retryHelpers, those that retry only when their predicate parameter holds
	returners    map[*types.Func]Returner
	refreshers   map[*types.Func]ReadsFact
	silent       map[*types.Func][]int    // silent writers: the parameters they write
	silentGuards silentGuards             // and the error parameter their writes need not to be a Conflict
	silentFields map[*types.Func][]string // and the receiver fields
}

// importCalleeFacts returns what the facts of the callees of calls in
// other packages say about them.
func importCalleeFacts(pass *analysis.Pass, calls []call) imported {
	out := imported{
		retryHelpers: make(map[*types.Func]int),
		retryPreds:   make(map[*types.Func]int),
		returners:    make(map[*types.Func]Returner),
		refreshers:   make(map[*types.Func]ReadsFact),
		silent:       make(map[*types.Func][]int),
		silentGuards: make(silentGuards),
		silentFields: make(map[*types.Func][]string),
	}
	seen := make(map[*types.Func]bool)
	for _, c := range calls {
		fn := c.callee
		if fn.Pkg() == nil || fn.Pkg() == pass.Pkg || seen[fn] {
			continue
		}
		seen[fn] = true
		out.importFrom(pass, fn)
	}
	return out
}

// importFrom records what the facts of fn say about it.
func (im imported) importFrom(pass *analysis.Pass, fn *types.Func) {
	var retries RetriesFact
	if pass.ImportObjectFact(fn, &retries) {
		im.retryHelpers[fn] = retries.Param
		if retries.Conditional {
			im.retryPreds[fn] = retries.Pred
		}
	}
	var returns ReturnsConflictFact
	if pass.ImportObjectFact(fn, &returns) {
		im.returners[fn] = Returner{Where: returns.Write, Param: returns.Param, AsGiven: returns.AsGiven, Guard: importedGuard(returns), ConflictGuard: importedConflictGuard(returns)}
	}
	var reads ReadsFact
	if pass.ImportObjectFact(fn, &reads) {
		im.refreshers[fn] = reads
	}
	var silent SilentWriteFact
	if pass.ImportObjectFact(fn, &silent) {
		if len(silent.Params) > 0 {
			im.silent[fn] = silent.Params
			im.silentGuards[fn] = silent.NotConflict - 1
		}
		if len(silent.Fields) > 0 {
			im.silentFields[fn] = silent.Fields
		}
	}
}

// foreignFacts returns what the facts the package sees (those of
// pass.AllObjectFacts) say about functions of other packages that the
// tracer asks about: those that never return a nil error, and those that
// never return. The tracer reads them long after the model's Run has
// returned, when the Pass may no longer be used.
func foreignFacts(facts []analysis.ObjectFact) fate.Foreign {
	out := fate.Foreign{NeverNil: make(map[types.Object]bool), PassesOn: make(map[types.Object]int), KeepsText: make(map[types.Object]int), Ends: make(map[types.Object]fate.Fate), Predicates: make(map[types.Object]fate.Verdict), Results: make(map[types.Object]fate.ResultVerdict)}
	for _, f := range facts {
		switch fact := f.Fact.(type) {
		case *RequeueResultFact:
			out.Results[f.Object] = fate.ResultQuiet
			if fact.Requeues {
				out.Results[f.Object] = fate.ResultRequeues
			}
		case *ConflictTestFact:
			out.Predicates[f.Object] = fate.Verdict{Param: fact.Param, Holds: fact.Holds, IsConflict: fact.IsConflict}
		case *NeverNilErrorFact:
			out.NeverNil[f.Object] = true
		case *PassesOnErrorFact:
			out.PassesOn[f.Object] = fact.Param
		case *KeepsErrorTextFact:
			out.KeepsText[f.Object] = fact.Param
		case *EndsFact:
			out.Ends[f.Object] = fate.Fatal
			if fact.Test {
				out.Ends[f.Object] = fate.Surfaced
			}
		}
	}
	return out
}

// healingFactsOf returns what findHealing reads of other packages' facts
// (facts are those the package sees, pass.AllObjectFacts).
func healingFactsOf(pass *analysis.Pass, facts []analysis.ObjectFact) healingFacts {
	resyncs := make(map[types.Object]time.Duration)
	for _, f := range facts {
		if fact, ok := f.Fact.(*ResyncFact); ok && f.Object.Pkg() != pass.Pkg {
			resyncs[f.Object] = time.Duration(fact.Period)
		}
	}
	wrappers := findWatchWrappers(pass.TypesInfo, pass.Pkg, pass.Files)
	return healingFacts{
		fset:       pass.Fset,
		resyncs:    len(resyncs) > 0,
		resyncOf:   func(fn *types.Func) time.Duration { return resyncs[fn] },
		informerOf: func(field *types.Var) string { return importedInformerKind(pass, field) },
		wrappers:   wrappers,
		watchOf:    watchesOf(pass, wrappers),
		signalFieldOf: func(field *types.Var) bool {
			return field.Pkg() != pass.Pkg && pass.ImportObjectFact(field, new(SignalsFact))
		},
		signalResultOf: func(fn *types.Func) (signalResult, bool) {
			var f SignalChannelFact
			if fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) {
				return signalResult{}, false
			}
			return signalResult{result: f.Result, kinds: f.Kinds}, true
		},
	}
}

// importedInformerKind returns the kind an informer field of another
// package watches (its InformerKindFact), or "".
func importedInformerKind(pass *analysis.Pass, field *types.Var) string {
	var f InformerKindFact
	if field.Pkg() != pass.Pkg && pass.ImportObjectFact(field, &f) {
		return f.Kind
	}
	return ""
}

// importedConflictGuard is the error parameter a ReturnsConflictFact's
// writes need not to be a Conflict, as a guard, or nil.
func importedConflictGuard(f ReturnsConflictFact) *Guard {
	if f.NotConflict == 0 {
		return nil
	}
	return &Guard{Param: f.NotConflict - 1, When: false}
}

// importedGuard is the guard a ReturnsConflictFact carries, or nil.
func importedGuard(f ReturnsConflictFact) *Guard {
	if f.Guard == 0 {
		return nil
	}
	return &Guard{Param: f.Guard - 1, When: f.When}
}

// exporter exports the facts of the package's functions and fields.
type exporter struct {
	pass     *analysis.Pass
	exposure *typeinfo.Exposure // the methods whose facts an importer can read
	decls    map[*types.Func]*ast.FuncDecl
	judge    *versionJudge // for fresh builders and create helpers
	healing  healingFacts
	// resyncAt are the package's uses that can set up a resync (useScan).
	resyncAt []token.Pos
}

// exportModel is the last stage: the facts of this package's exported
// functions, and of its interface methods that only write helpers
// implement, from the finished model res.
func (e exporter) exportModel(res *Result) {
	for fn, r := range res.returners {
		if fn.Pkg() == e.pass.Pkg && fn.Exported() && e.decls[fn] == nil {
			e.pass.ExportObjectFact(fn, e.returnsFact(r))
		}
	}
	for fn := range e.decls {
		if fn.Exported() && !res.isLifted(fn) && e.exposure.Importable(fn) {
			e.exportFuncFacts(res, fn)
		}
	}
	exportPredicateFacts(e.pass, res.tracer.PredicateVerdicts())
	exportResultFacts(e.pass, res.tracer.ResultVerdictsOf())
	exportSentinelFacts(e.pass, res.tracer.Sentinels())
	e.exportResyncFacts()
	e.exportInformerFacts(res.grading.healing.informers)
	exportSignalFacts(e.pass, e.pass.Files, res.grading.healing.signalResults)
}

// exportSentinelFacts exports a NeverNilErrorFact on each exported
// sentinel error of the package: its importers return it as a failure.
func exportSentinelFacts(pass *analysis.Pass, sentinels map[*types.Var]bool) {
	for v := range sentinels {
		if v.Exported() && v.Pkg() == pass.Pkg {
			pass.ExportObjectFact(v, new(NeverNilErrorFact))
		}
	}
}

// exportFuncFacts exports the facts of the package's function fn.
func (e exporter) exportFuncFacts(res *Result, fn *types.Func) {
	defer guard.Locate(e.pass.Fset, e.decls[fn].Pos())
	if p, ok := res.retryHelpers[fn]; ok {
		fact := &RetriesFact{Param: p}
		fact.Pred, fact.Conditional = res.retryPreds[fn]
		e.pass.ExportObjectFact(fn, fact)
	}
	if r, ok := res.returners[fn]; ok {
		e.pass.ExportObjectFact(fn, e.returnsFact(r))
	}
	if ps, fs := res.silent[fn], res.silentFields[fn]; len(ps) > 0 || len(fs) > 0 {
		e.pass.ExportObjectFact(fn, &SilentWriteFact{Params: ps, Fields: fs, NotConflict: res.silentGuards.of(fn) + 1})
	}
	if r := e.judge.freshResultOf(fn); r >= 0 {
		e.pass.ExportObjectFact(fn, &FreshBuildFact{Result: r})
	}
	if ps := e.judge.keptObjectParams(fn, e.decls[fn]); len(ps) > 0 {
		e.pass.ExportObjectFact(fn, &KeepsVersionFact{Params: ps})
	}
	if r, ok := res.refreshers[fn]; ok {
		e.pass.ExportObjectFact(fn, &ReadsFact{Param: r.Param, Result: r.Result})
	}
	if res.tracer.NeverReturnsNil(fn) {
		e.pass.ExportObjectFact(fn, new(NeverNilErrorFact))
	}
	if p, ok := res.tracer.PassesOn(fn); ok {
		e.pass.ExportObjectFact(fn, &PassesOnErrorFact{Param: p})
	}
	if p, ok := res.tracer.KeepsText(fn); ok {
		e.pass.ExportObjectFact(fn, &KeepsErrorTextFact{Param: p})
	}
	exportEndsFact(e.pass, res.tracer, fn)
}

// exportInformerFacts exports the kind of the package's informer fields.
func (e exporter) exportInformerFacts(kinds *informerKinds) {
	for field, kind := range kinds.fieldKinds() {
		if field.Pkg() == e.pass.Pkg {
			e.pass.ExportObjectFact(field, &InformerKindFact{Kind: kind})
		}
	}
}

// exportSignalFacts exports the SignalsFact of the package's signalling
// fields and the SignalChannelFact of its functions in results.
func exportSignalFacts(pass *analysis.Pass, files []*ast.File, results map[*types.Func]signalResult) {
	for field := range signalFields(pass.TypesInfo, files) {
		if field.Pkg() == pass.Pkg {
			pass.ExportObjectFact(field, new(SignalsFact))
		}
	}
	for fn, r := range results {
		if fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, &SignalChannelFact{Result: r.result, Kinds: r.kinds})
		}
	}
}

// exportResyncFacts exports the ResyncFact of the package's exported
// functions whose bodies set up a constant resync.
func (e exporter) exportResyncFacts() {
	if len(e.resyncAt) == 0 {
		return
	}
	for fn, decl := range e.decls {
		if !fn.Exported() || decl.Body == nil || !holdsAny(decl, e.resyncAt) {
			continue
		}
		if d := resyncSetUpBy(e.pass.TypesInfo, decl, e.healing.resyncOf); d > 0 {
			e.pass.ExportObjectFact(fn, &ResyncFact{Period: int64(d)})
		}
	}
}

// exportBuilderFacts exports the FreshBuildFact of the exported functions
// of a package the model does not walk, since it never uses the client
// APIs: builders of desired objects and test fixtures often live in such
// packages, and without the fact the objects they build would count as
// read, versioned, wherever they are written.
//
// Its functions that never return (an e2e framework's Failf) get their
// EndsFact too, judged by their own bodies alone. files are the files
// whose declarations count (see testFilter).
func exportBuilderFacts(pass *analysis.Pass, exposure *typeinfo.Exposure, files []*ast.File, facts []analysis.ObjectFact, healing healingFacts, resyncAt []token.Pos) {
	decls := collectDecls(pass.TypesInfo, pass.Pkg, files)
	res := newResult()
	res.decls, res.lifted, res.liftedFuncs = decls.decls, decls.lifted, decls.liftedFuncs
	none, objects := new(writesAndReads), make(objectTypes)
	judge := newVersionJudge(pass.TypesInfo, decls.decls, none, objects, summarizeBuilders(pass, decls.decls, objects), nil)
	e := exporter{pass: pass, exposure: exposure, decls: decls.decls, judge: judge, healing: healing, resyncAt: resyncAt}
	tracer := fate.NewTracer(pass.TypesInfo, pass.Pkg, fateQueries{res}, fate.Foreign{})
	foreign := foreignFacts(facts)
	exportPredicateFacts(pass, fate.Predicates(pass.TypesInfo, files, foreign.Predicates))
	exportSentinelFacts(pass, fate.PackageSentinels(pass.TypesInfo, pass.Pkg, files, foreign))
	exportResultFacts(pass, fate.ResultVerdicts(pass.TypesInfo, files, foreign.Results))
	e.exportResyncFacts()
	e.exportInformerFacts(findInformerKinds(pass.TypesInfo, files, healing.informerOf))
	exportSignalFacts(pass, files, nil)
	for fn, decl := range decls.decls {
		if !fn.Exported() || !exposure.Importable(fn) {
			continue
		}
		func() {
			defer guard.Locate(pass.Fset, decl.Pos())
			if r := judge.freshResultOf(fn); r >= 0 {
				pass.ExportObjectFact(fn, &FreshBuildFact{Result: r})
			}
			exportEndsFact(pass, tracer, fn)
		}()
	}
	exportHelperErrorFacts(pass)
}

// exportHelperErrorFacts exports the PassesOnErrorFact,
// NeverNilErrorFact and KeepsErrorTextFact of the exported functions of a package that reaches
// no Kubernetes object (a tracing or error helper package, not the
// standard library, whose constructors are tabled): a cheap look at each
// signature, and at the body only of a function that returns just an
// error, takes one and returns one, or takes one and returns nothing.
func exportHelperErrorFacts(pass *analysis.Pass) {
	if inGOROOT(pass) {
		return
	}
	decls, recorders := make(map[*types.Func]*ast.FuncDecl), make(map[*types.Func]*ast.FuncDecl)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			switch fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func); {
			case fn == nil:
			case errorHelperShape(pass.TypesInfo, decl):
				decls[fn] = decl
			case fn.Exported() && recorderShape(fn):
				recorders[fn] = decl
			}
		}
	}
	for fn, p := range fate.TextKeepers(pass.TypesInfo, recorders) {
		pass.ExportObjectFact(fn, &KeepsErrorTextFact{Param: p})
	}
	if fate.DeclaresExportedError(pass.TypesInfo, pass.Files) {
		exportSentinelFacts(pass, fate.PackageSentinels(pass.TypesInfo, pass.Pkg, pass.Files, foreignFacts(pass.AllObjectFacts())))
	}
	if len(decls) == 0 {
		return
	}
	passesOn, neverNil := fate.HelperErrors(pass.TypesInfo, pass.Pkg, decls, foreignFacts(pass.AllObjectFacts()))
	for fn := range decls {
		exportErrorFacts(pass, fn, passesOn, neverNil)
	}
}

// exportErrorFacts exports what the summaries say of fn, an exported
// function of the package: it passes an error on, or never returns nil.
func exportErrorFacts(pass *analysis.Pass, fn *types.Func, passesOn map[*types.Func]int, neverNil map[*types.Func]bool) {
	if !fn.Exported() {
		return
	}
	if p, ok := passesOn[fn]; ok {
		pass.ExportObjectFact(fn, &PassesOnErrorFact{Param: p})
	}
	if neverNil[fn] {
		pass.ExportObjectFact(fn, new(NeverNilErrorFact))
	}
}

// recorderShape is the shape test before fate.TextKeepers: no results,
// and an error among the parameters (a warnings collection's Add).
func recorderShape(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Results().Len() != 0 {
		return false
	}
	for v := range sig.Params().Variables() {
		if upstream.IsErrorType(v.Type()) {
			return true
		}
	}
	return false
}

// errorHelperShape is the shape test of exportHelperErrorFacts: the last
// result is written `error`, and it is the only result or some parameter
// is an error too.
func errorHelperShape(info *types.Info, decl *ast.FuncDecl) bool {
	fn, ok := info.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	if sig.Results().Len() == 1 && upstream.EndsInErrorInterface(sig) {
		return true // a constructor, of error or of a project's error interface
	}
	if !upstream.EndsInError(sig) {
		return false
	}
	for v := range sig.Params().Variables() {
		if upstream.IsErrorType(v.Type()) {
			return true
		}
	}
	return false
}

// inGOROOT reports whether pass's files are the standard library's.
func inGOROOT(pass *analysis.Pass) bool {
	root := gobuild.Default.GOROOT
	if root == "" || len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	return strings.HasPrefix(name, filepath.Join(root, "src")+string(filepath.Separator))
}

// exportResultFacts exports what the package's exported functions'
// reconcile.Result asks for on every return.
func exportResultFacts(pass *analysis.Pass, verdicts map[*types.Func]fate.ResultVerdict) {
	for fn, v := range verdicts {
		if fn.Exported() && fn.Pkg() == pass.Pkg && v != fate.ResultMixed {
			pass.ExportObjectFact(fn, &RequeueResultFact{Requeues: v == fate.ResultRequeues})
		}
	}
}

// exportPredicateFacts exports the answers on a Conflict of the package's
// exported predicates.
func exportPredicateFacts(pass *analysis.Pass, verdicts map[*types.Func]fate.Verdict) {
	for fn, v := range verdicts {
		if fn.Exported() && fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, &ConflictTestFact{Param: v.Param, Holds: v.Holds, IsConflict: v.IsConflict})
		}
	}
}

// exportEndsFact exports fn's EndsFact when it never returns.
func exportEndsFact(pass *analysis.Pass, tracer *fate.Tracer, fn *types.Func) {
	switch tracer.Ends(fn) {
	case fate.Surfaced:
		pass.ExportObjectFact(fn, &EndsFact{Test: true})
	case fate.Fatal:
		pass.ExportObjectFact(fn, &EndsFact{})
	}
}

// returnsFact is the ReturnsConflictFact of r.
func (e exporter) returnsFact(r Returner) *ReturnsConflictFact {
	f := &ReturnsConflictFact{Param: r.Param, AsGiven: r.AsGiven, Write: r.Where}
	if r.Inner != nil {
		f.Write = e.describeWrite(r.Inner)
	}
	if r.Guard != nil {
		f.Guard, f.When = r.Guard.Param+1, r.Guard.When
	}
	if r.ConflictGuard != nil {
		f.NotConflict = r.ConflictGuard.Param + 1
	}
	return f
}

// describeWrite names w for the messages of another package: its call, its
// object and its place, by import path so that it reads the same in every
// driver ("Update of foo at example.com/op/kubeutil/status.go:12").
func (e exporter) describeWrite(w *Write) string {
	pos := e.pass.Fset.Position(w.Call.Pos())
	return fmt.Sprintf("%s of %s at %s/%s:%d", diag.CallName(w.Call), w.Object.Name(), e.pass.Pkg.Path(), filepath.Base(pos.Filename), pos.Line)
}
