package model

import (
	"go/ast"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// New returns the analyzer that computes a package's Result, configured by
// opts, which it reads when it runs. It reports nothing. A suite builds
// one and gives it to every check, which requires it. It walks every
// _test.go file that uses the Kubernetes API.
func New(opts *upstream.Options) *analysis.Analyzer { return NewForChecks(opts, nil) }

// NewForChecks is New for a suite whose checks tell, when the model runs,
// whether one of them reports writes in _test.go files (testWrites; nil:
// assume one does). When none does, the model walks a package's test
// files only where a check can report on them (see testFilesNeeded).
func NewForChecks(opts *upstream.Options, testWrites func() bool) *analysis.Analyzer {
	reach := upstream.NewReach()
	if testWrites == nil {
		testWrites = func() bool { return true }
	}
	return &analysis.Analyzer{
		Name:             "kube",
		Doc:              "find Kubernetes API writes, reads and retry scopes (helper for the conflictlint analyzers)",
		URL:              "https://github.com/conflictlint/conflictlint#readme",
		ResultType:       reflect.TypeFor[*Result](),
		FactTypes:        factTypes,
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, opts, reach, testWrites)
		},
	}
}

func run(pass *analysis.Pass, opts *upstream.Options, reach *upstream.Reach, testWrites func() bool) (any, error) {
	res := newResult()
	exposure, restore := typeinfo.ExportImportable(pass)
	defer restore()
	// A dependency loaded from export data comes with no files (and no
	// type information) and has nothing to model; nor has one whose
	// function bodies were not type-checked (go/packages skips them in a
	// dependency it loads from source only because it imports a test
	// variant): its bodies resolve nothing.
	if len(pass.Files) == 0 {
		return res, nil
	}
	tests := slices.ContainsFunc(pass.Files, func(f *ast.File) bool { return syntax.InTestFile(pass.Fset, f.Pos()) })
	res.covered = coveredVariant(pass, opts, tests)
	res.unread = res.covered || opts.Unimported != nil && opts.Unimported(pass.Pkg.Path(), tests)
	if !reach.ReachesKubeAPI(pass.Pkg) {
		if res.unread {
			return res, nil // no importer would read its facts, and it has no finding to make
		}
		if reach.ReachesObjects(pass.Pkg) && res.BodiesChecked(pass) {
			// Without the client packages, only a function of another
			// package can set up a resync here.
			facts := pass.AllObjectFacts()
			healed := healingFactsOf(pass, facts)
			files := newTestGate(pass, nil, opts, testWrites).keepAllIfAny().modelFiles()
			exportBuilderFacts(pass, exposure, files, facts, healed, healed.resyncSetupsIfAny(pass.TypesInfo))
		} else if !upstream.IsUpstream(pass.Pkg) && res.BodiesChecked(pass) {
			exportHelperErrorFacts(pass)
			exportSignalFacts(pass, pass.Files, nil) // a handler needs no Kubernetes type
		}
		return res, nil
	}
	if !res.BodiesChecked(pass) {
		return res, nil
	}
	facts := pass.AllObjectFacts()
	if res.covered && newTestGate(pass, facts, opts, testWrites).leavesAllOutByTestFiles() {
		return res, nil // the package's own unit models its product files
	}
	healed := healingFactsOf(pass, facts)
	if !res.unread {
		exportWatchFacts(pass, healed.wrappers)
	}
	uses := scanUses(pass, opts, facts, healed.resyncOf, testWrites, res.covered)
	res.touchesCache = uses.touchesCache
	if res.covered && uses.testsLeftOut {
		return res, nil // the package's own unit models its product files
	}
	if uses.files == nil {
		if !res.unread {
			exportBuilderFacts(pass, exposure, uses.pkgFiles, facts, healed, uses.resyncAt)
			exportChannelFacts(pass, uses.pkgFiles, healed)
		}
		return res, nil
	}
	// No inspector is required from inspect.Analyzer: packages and files
	// that never use the Kubernetes API do not pay for one, and the walked
	// files get theirs only where the model needs a cursor (see sites.go).
	res.relevant = true
	res.files = uses.files
	build(pass, opts, res, foreignFacts(facts), healed, uses, reach.CRClient(pass.Pkg), exposure)
	return res, nil
}

// coveredVariant reports whether pass, holding test files or not
// (tests), is a test variant that adds nothing to the run but its test
// files (see upstream.Options.CoveredVariant): its facts serve no
// importer. Whether no unit imports it otherwise is
// upstream.Options.Unimported's to say.
func coveredVariant(pass *analysis.Pass, opts *upstream.Options, tests bool) bool {
	if opts.CoveredVariant == nil || strings.HasSuffix(pass.Pkg.Name(), "_test") {
		return false
	}
	return tests && opts.CoveredVariant(pass.Pkg.Path())
}

// build fills the Result in stages. Each stage takes what the stages
// before it produced and returns what it finds; the order is the model's
// dependency graph:
//
//  1. calls: the walked sites, the declarations, every call with its
//     callee, and the facts of foreign callees (retry helpers, returners,
//     refreshers of other packages);
//  2. retries: configured wrappers, this package's retry helpers, and the
//     retry scope of every closure they run;
//  3. writes and reads: each call classified, reads by assignment, copies
//     of a live resourceVersion, refreshers, reads through helpers, and the
//     lookup tables over them;
//  4. versions: what each function of the package builds without a
//     resourceVersion and leaves without one (the judge's summaries,
//     computed once, then only read), then the writes that cannot
//     conflict, from how their objects were built, or because their
//     resourceVersion is blanked before the write. It sees only the
//     returners of other packages (their AsGiven parameter): this
//     package's returners depend on it;
//  5. fates: the tracer over the finished writes and reads, then this
//     package's returners, found by tracing their writes' failures, then
//     the tracer frozen with what depends on them (see fate's summaries);
//  6. healing: what in the package redoes a lost write (watches,
//     resyncs, requeues), for grading findings;
//  7. facts for the package's importers.
func build(pass *analysis.Pass, opts *upstream.Options, res *Result, foreign fate.Foreign, healed healingFacts, uses useScan, cr *types.Package, exposure *typeinfo.Exposure) {
	info := pass.TypesInfo
	// 1. calls
	scan := scanCalls(info, pass.Pkg, uses.pkgFiles, res.files)
	imported := importCalleeFacts(pass, scan.calls)
	// 2. retries
	retries := findRetries(info, opts.RetryWrappers, scan, imported, foreign.Predicates)
	// 3. writes and reads; objects is a cache of which types carry a
	// resourceVersion, shared with the judge of stage 4.
	objects := make(objectTypes)
	found := findWritesAndReads(pass, opts, cr, scan, retries.scopeByBody, imported.refreshers, objects)
	// 4. versions: the judge's summaries of the package's functions first,
	// over other packages' returners (final since stage 1; this package's
	// depend on the judge), then the writes judged.
	callees := scan.staticCallees(info)
	versions := summarizeVersions(pass, scan.decls.decls, found, objects, imported.returners, callees)
	returners := maps.Clone(imported.returners) // this package's are added in stage 5
	judge := newVersionJudge(info, scan.decls.decls, found, objects, versions, returners)
	markVersionless(judge, found.writes)
	markGone(info, found.writes)
	res.setModel(scan, retries, found, returners)
	res.callees = callees
	res.rereadCalls = findRereadCalls(info, res, scan.calls)
	// 5. fates. The tracer outlives this Run (the checks trace failures
	// later, maybe concurrently): it keeps the package and the facts it
	// needs, never the Pass. It reads the model through res, returners
	// included.
	res.tracer = fate.NewTracer(info, pass.Pkg, fateQueries{res}, foreign)
	calls := findReturners(info, scan, found, retries.scopeByBody, res.tracer, judge, returners)
	res.returnerCalls, res.returnerCursor = calls.calls, calls.cursors
	// The returners are final: the tracer computes what depends on them
	// and builds the graphs the checks walk, then is read-only.
	res.alwaysWrites = findAlwaysWriters(res)
	res.tracer.Freeze(res.walkedSites())
	res.silent, res.silentGuards, res.silentCalls = findSilentWriters(info, scan, found, retries.scopeByBody, res.tracer, returners, imported)
	var fieldCalls []*SilentCall
	res.silentFields, fieldCalls = findSilentFieldWriters(info, scan, found, retries.scopeByBody, res.tracer, imported.silentFields)
	res.silentCalls = append(res.silentCalls, fieldCalls...)
	// 6. healing
	res.grading = Grading{res: res, info: info, gate: opts.Consequences, program: opts.Program, calls: scan.calls, cursors: scan.cursors, fset: pass.Fset}
	res.grading.healing = findHealing(info, res.files, scan.calls, uses.resyncAt, healed)
	res.grading.healing.noteResync(time.Duration(opts.Resync)) // the user's word for what main sets up
	if opts.ResyncOf != nil {
		res.grading.healing.noteResync(opts.ResyncOf(pass.Pkg.Path())) // what the programs running it set up
	}
	if len(uses.timerAt) > 0 {
		var exported func(*types.Func) bool
		if opts.Program != nil {
			exported = opts.Program.CalledOnlyInPackage
		}
		res.grading.healing.periodic = findPeriodicRuns(pass.Fset, info, pass.Pkg, scan.cursors, uses.timerAt, exported)
	}
	// 7. facts
	if !res.unread {
		exporter{pass: pass, exposure: exposure, decls: scan.decls.decls, judge: judge, healing: healed, resyncAt: uses.resyncAt}.exportModel(res)
	}
}

// setModel puts into the Result what the first four stages found.
func (r *Result) setModel(scan *callScan, retries *retries, found *writesAndReads, returners map[*types.Func]Returner) {
	r.functions = scan.functions
	r.decls, r.lifted, r.liftedFuncs = scan.decls.decls, scan.decls.lifted, scan.decls.liftedFuncs
	r.funcValues = scan.funcValues
	r.conflictChecks = scan.conflictChecks
	r.retryHelpers, r.retryPreds, r.scopes, r.scopeByBody = retries.helpers, retries.preds, retries.scopes, retries.scopeByBody
	r.writesAndReads = *found
	r.returners = returners
	r.retriedWrites = make(map[*ast.CallExpr][]*Write)
	for _, w := range found.writes {
		if w.Scope != nil {
			r.retriedWrites[w.Scope.Call] = append(r.retriedWrites[w.Scope.Call], w)
		}
	}
}
