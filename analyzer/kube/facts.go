package kube

import (
	"fmt"
	"go/ast"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
	"github.com/conflictlint/conflictlint/analyzer/kube/fate"
)

// Facts carry, across package boundaries, what a function of the analyzed
// program does with the Kubernetes API. They are tiny, exported only for
// exported functions and methods of the package being analyzed, and never
// computed for upstream packages (whose behaviour is in kube/api's tables).

// RetriesFact: the function runs its func parameter Param inside a conflict
// retry, so a literal passed there is a retry scope.
type RetriesFact struct{ Param int }

// ReturnsConflictFact: the function returns the Conflict error of a
// conflict-prone write it makes; Param is the index of the parameter that
// holds the written object, or -1; AsGiven is the index of the parameter
// whose object (or whose elements) the write sends with no resourceVersion
// but the one it came with, or -1.
// Guard+1 is the bool parameter the writes need (0: none), which must hold
// When.
type ReturnsConflictFact struct {
	Param, AsGiven int
	Guard          int
	When           bool
}

// FreshBuildFact: every return of the function builds its result Result
// (an object, or a slice of them) anew, without a resourceVersion.
type FreshBuildFact struct{ Result int }

func (*FreshBuildFact) AFact()           {}
func (f *FreshBuildFact) String() string { return fmt.Sprintf("freshBuild(result %d)", f.Result) }

// KeepsVersionFact: the function hands its object parameters Params to a
// client-go typed Create or Update, and nothing it does gives them a
// resourceVersion (a create helper that drops the stored copy).
type KeepsVersionFact struct{ Params []int }

func (*KeepsVersionFact) AFact()           {}
func (f *KeepsVersionFact) String() string { return fmt.Sprintf("keepsVersion(params %v)", f.Params) }

// ReadsFact: the function re-reads an object: it returns a freshly read
// object as result Result (or -1), or refreshes the object passed as
// parameter Param in place (or -1).
type ReadsFact struct{ Param, Result int }

// EndsFact: the function never returns; its calls fail the test (Test) or
// end the program. An e2e framework's Failf is the common one.
type EndsFact struct{ Test bool }

func (*EndsFact) AFact() {}
func (f *EndsFact) String() string {
	if f.Test {
		return "ends(test)"
	}
	return "ends(program)"
}

// NeverNilErrorFact: every return of the function returns a non-nil error
// (an error constructor), so returning its result hands a failure on.
type NeverNilErrorFact struct{}

func (*NeverNilErrorFact) AFact()         {}
func (*NeverNilErrorFact) String() string { return "neverNilError" }

// ConflictTestFact: the function takes an error as parameter Param and
// answers a bool; on a Conflict it answers Holds (isRetryable(err) holds,
// ErrorAlreadyExists(err) does not).
type ConflictTestFact struct {
	Param int
	Holds bool
}

func (*ConflictTestFact) AFact() {}
func (f *ConflictTestFact) String() string {
	return fmt.Sprintf("conflictTest(param %d, holds %t)", f.Param, f.Holds)
}

// RequeueResultFact: every return of the function gives a
// reconcile.Result that asks for a requeue (Requeues), or one that asks
// for nothing, with a nil error (!Requeues).
type RequeueResultFact struct{ Requeues bool }

func (*RequeueResultFact) AFact() {}
func (f *RequeueResultFact) String() string {
	if f.Requeues {
		return "result(requeues)"
	}
	return "result(quiet)"
}

// ResyncFact: calling the function sets up a periodic resync of Period
// nanoseconds (it builds an informer factory, or a manager's cache
// options, with that constant period).
type ResyncFact struct{ Period int64 }

func (*ResyncFact) AFact()           {}
func (f *ResyncFact) String() string { return fmt.Sprintf("resync(%s)", time.Duration(f.Period)) }

// InformerKindFact: the field holds a client-go informer of Kind (package
// path and type name), set where its package stores a typed informer's
// Informer() in it.
type InformerKindFact struct{ Kind string }

func (*InformerKindFact) AFact()           {}
func (f *InformerKindFact) String() string { return "informer(" + f.Kind + ")" }

func (*RetriesFact) AFact()         {}
func (*ReturnsConflictFact) AFact() {}
func (*ReadsFact) AFact()           {}

func (f *RetriesFact) String() string { return fmt.Sprintf("retries(param %d)", f.Param) }
func (f *ReturnsConflictFact) String() string {
	if f.Guard > 0 {
		return fmt.Sprintf("returnsConflict(param %d, as given %d, needs param %d %t)", f.Param, f.AsGiven, f.Guard-1, f.When)
	}
	return fmt.Sprintf("returnsConflict(param %d, as given %d)", f.Param, f.AsGiven)
}
func (f *ReadsFact) String() string {
	return fmt.Sprintf("reads(param %d, result %d)", f.Param, f.Result)
}

var factTypes = []analysis.Fact{new(RetriesFact), new(ReturnsConflictFact), new(ReadsFact), new(NeverNilErrorFact), new(FreshBuildFact), new(EndsFact), new(ConflictTestFact), new(RequeueResultFact), new(KeepsVersionFact), new(ResyncFact), new(InformerKindFact)}

// importFacts records what the facts of fn, a function of another package
// called here, say about it.
func (m *modeler) importFacts(fn *types.Func) {
	if fn.Pkg() == nil || fn.Pkg() == m.pass.Pkg || m.imported[fn] {
		return
	}
	m.imported[fn] = true
	var retries RetriesFact
	if m.pass.ImportObjectFact(fn, &retries) {
		m.res.retryHelpers[fn] = retries.Param
	}
	var returns ReturnsConflictFact
	if m.pass.ImportObjectFact(fn, &returns) {
		m.res.returners[fn] = Returner{Param: returns.Param, AsGiven: returns.AsGiven, Guard: importedGuard(returns)}
	}
	var reads ReadsFact
	if m.pass.ImportObjectFact(fn, &reads) {
		m.res.refreshers[fn] = reads
	}
}

// foreignFacts returns what the facts the package sees (those of
// pass.AllObjectFacts) say about functions of other packages that the
// tracer asks about: those that never return a nil error, and those that
// never return. The tracer reads them long after the model's Run has
// returned, when the Pass may no longer be used.
func foreignFacts(facts []analysis.ObjectFact) fate.Foreign {
	out := fate.Foreign{NeverNil: make(map[types.Object]bool), Ends: make(map[types.Object]fate.Fate), Predicates: make(map[types.Object]fate.Verdict), Results: make(map[types.Object]fate.ResultVerdict)}
	for _, f := range facts {
		switch fact := f.Fact.(type) {
		case *RequeueResultFact:
			out.Results[f.Object] = fate.ResultQuiet
			if fact.Requeues {
				out.Results[f.Object] = fate.ResultRequeues
			}
		case *ConflictTestFact:
			out.Predicates[f.Object] = fate.Verdict{Param: fact.Param, Holds: fact.Holds}
		case *NeverNilErrorFact:
			out.NeverNil[f.Object] = true
		case *EndsFact:
			out.Ends[f.Object] = fate.Fatal
			if fact.Test {
				out.Ends[f.Object] = fate.Surfaced
			}
		}
	}
	return out
}

// exportFacts exports the facts of this package's exported functions, and
// of its interface methods that only write helpers implement.
func (m *modeler) exportFacts() {
	for fn, r := range m.res.returners {
		if fn.Pkg() == m.pass.Pkg && fn.Exported() && m.res.decls[fn] == nil {
			m.pass.ExportObjectFact(fn, returnsFact(r))
		}
	}
	for fn := range m.res.decls {
		if fn.Exported() && !m.res.isLifted(fn) {
			m.exportFactsOf(fn)
		}
	}
	exportPredicateFacts(m.pass, m.res.tracer.PredicateVerdicts())
	exportResultFacts(m.pass, m.res.tracer.ResultVerdictsOf())
	m.exportResyncFacts()
	m.exportInformerFacts(m.res.healing.informers)
}

// importedResync returns the resync period fn, a function of another
// package, sets up (its ResyncFact), or 0.
func (m *modeler) importedResync(fn *types.Func) time.Duration {
	if fn.Pkg() == m.pass.Pkg {
		return 0
	}
	var f ResyncFact
	if m.pass.ImportObjectFact(fn, &f) {
		return time.Duration(f.Period)
	}
	return 0
}

// importedInformerKind returns the kind an informer field of another
// package watches (its InformerKindFact), or "".
func (m *modeler) importedInformerKind(field *types.Var) string {
	var f InformerKindFact
	if field.Pkg() != m.pass.Pkg && m.pass.ImportObjectFact(field, &f) {
		return f.Kind
	}
	return ""
}

func (m *modeler) healingFacts() healingFacts {
	return healingFacts{resyncOf: m.importedResync, informerOf: m.importedInformerKind}
}

// exportInformerFacts exports the kind of the package's informer fields.
func (m *modeler) exportInformerFacts(kinds *informerKinds) {
	for field, kind := range kinds.fieldKinds() {
		if field.Pkg() == m.pass.Pkg {
			m.pass.ExportObjectFact(field, &InformerKindFact{Kind: kind})
		}
	}
}

// exportResyncFacts exports the ResyncFact of the package's exported
// functions whose bodies set up a constant resync.
func (m *modeler) exportResyncFacts() {
	for fn, decl := range m.res.decls {
		if !fn.Exported() || decl.Body == nil {
			continue
		}
		h := findHealing(m.pass.TypesInfo, []*ast.File{{Decls: []ast.Decl{decl}}}, m.healingFacts())
		if h.resync > 0 {
			m.pass.ExportObjectFact(fn, &ResyncFact{Period: int64(h.resync)})
		}
	}
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

// exportBuilderFacts exports the FreshBuildFact of the exported functions
// of a package the model does not walk, since it never uses the client
// APIs: builders of desired objects and test fixtures often live in such
// packages, and without the fact the objects they build would count as
// read, versioned, wherever they are written.
//
// Its functions that never return (an e2e framework's Failf) get their
// EndsFact too, judged by their own bodies alone.
func exportBuilderFacts(pass *analysis.Pass, opts *api.Options) {
	m := &modeler{pass: pass, opts: opts, res: newResult(), imported: make(map[*types.Func]bool)}
	m.collectDecls()
	tracer := fate.NewTracer(pass.TypesInfo, pass.Pkg, fateModel{m.res}, fate.Foreign{})
	foreign := foreignFacts(pass.AllObjectFacts())
	exportPredicateFacts(pass, fate.Predicates(pass.TypesInfo, pass.Files, foreign.Predicates))
	exportResultFacts(pass, fate.ResultVerdicts(pass.TypesInfo, pass.Files, foreign.Results))
	m.exportResyncFacts()
	m.exportInformerFacts(findInformerKinds(pass.TypesInfo, pass.Files, m.importedInformerKind))
	for fn, decl := range m.res.decls {
		if !fn.Exported() {
			continue
		}
		func() {
			defer guard.Locate(pass.Fset, decl.Pos())
			if r := m.freshResultOf(fn); r >= 0 {
				pass.ExportObjectFact(fn, &FreshBuildFact{Result: r})
			}
			exportEndsFact(pass, tracer, fn)
		}()
	}
}

// exportFactsOf exports the facts of the package's function fn.
func (m *modeler) exportFactsOf(fn *types.Func) {
	defer guard.Locate(m.pass.Fset, m.res.decls[fn].Pos())
	if p, ok := m.res.retryHelpers[fn]; ok {
		m.pass.ExportObjectFact(fn, &RetriesFact{Param: p})
	}
	if r, ok := m.res.returners[fn]; ok {
		m.pass.ExportObjectFact(fn, returnsFact(r))
	}
	if r := m.freshResultOf(fn); r >= 0 {
		m.pass.ExportObjectFact(fn, &FreshBuildFact{Result: r})
	}
	if ps := m.createHelperParams(fn, m.res.decls[fn]); len(ps) > 0 {
		m.pass.ExportObjectFact(fn, &KeepsVersionFact{Params: ps})
	}
	if r, ok := m.res.refreshers[fn]; ok {
		m.pass.ExportObjectFact(fn, &ReadsFact{Param: r.Param, Result: r.Result})
	}
	if m.res.tracer.NeverReturnsNil(fn) {
		m.pass.ExportObjectFact(fn, new(NeverNilErrorFact))
	}
	exportEndsFact(m.pass, m.res.tracer, fn)
}

// exportPredicateFacts exports the answers on a Conflict of the package's
// exported predicates.
func exportPredicateFacts(pass *analysis.Pass, verdicts map[*types.Func]fate.Verdict) {
	for fn, v := range verdicts {
		if fn.Exported() && fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, &ConflictTestFact{Param: v.Param, Holds: v.Holds})
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
func returnsFact(r Returner) *ReturnsConflictFact {
	f := &ReturnsConflictFact{Param: r.Param, AsGiven: r.AsGiven}
	if r.Guard != nil {
		f.Guard, f.When = r.Guard.Param+1, r.Guard.When
	}
	return f
}

// importedGuard is the guard a ReturnsConflictFact carries, or nil.
func importedGuard(f ReturnsConflictFact) *Guard {
	if f.Guard == 0 {
		return nil
	}
	return &Guard{Param: f.Guard - 1, When: f.When}
}
