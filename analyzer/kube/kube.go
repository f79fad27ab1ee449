package kube

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
	"github.com/conflictlint/conflictlint/analyzer/kube/fate"
)

// New returns the analyzer that computes a package's Result, configured by
// opts, which it reads when it runs. It reports nothing. A suite builds
// one and gives it to every check, which requires it.
func New(opts *api.Options) *analysis.Analyzer {
	gate := api.NewGate()
	return &analysis.Analyzer{
		Name:             "kube",
		Doc:              "find Kubernetes API writes, reads and retry scopes (helper for the conflictlint analyzers)",
		URL:              "https://github.com/conflictlint/conflictlint#readme",
		ResultType:       reflect.TypeFor[*Result](),
		FactTypes:        factTypes,
		RunDespiteErrors: true,
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, opts, gate) },
	}
}

func run(pass *analysis.Pass, opts *api.Options, gate *api.Gate) (any, error) {
	res := newResult()
	// A dependency loaded from export data comes with no files (and no
	// type information) and has nothing to model; nor has one whose
	// function bodies were not type-checked (go/packages skips them in a
	// dependency it loads from source only because it imports a test
	// variant): its bodies resolve nothing.
	if len(pass.Files) == 0 {
		return res, nil
	}
	if !gate.ReachesKubeAPI(pass.Pkg) {
		if gate.ReachesObjects(pass.Pkg) && typeinfo.BodiesChecked(pass.TypesInfo, pass.Files) {
			exportBuilderFacts(pass, opts)
		}
		return res, nil
	}
	if !typeinfo.BodiesChecked(pass.TypesInfo, pass.Files) {
		return res, nil
	}
	facts := pass.AllObjectFacts()
	files, touchesCache := scanUses(pass, opts, facts)
	res.touchesCache = touchesCache
	if files == nil {
		exportBuilderFacts(pass, opts)
		return res, nil
	}
	// No inspector is required from inspect.Analyzer: packages and files
	// that never use the Kubernetes API do not pay for one, and the walked
	// files get theirs only where the model needs a cursor (see sites.go).
	res.relevant = true
	res.files = files
	m := &modeler{pass: pass, opts: opts, res: res, cursors: syntax.NewCursors(files), imported: make(map[*types.Func]bool)}
	m.build(foreignFacts(facts))
	return res, nil
}

// build fills the Result in stages. Each stage reads only what the stages
// before it have finished; the order is the model's dependency graph:
//
//  1. calls: the walked sites, the declarations, every call with its
//     callee, and the facts of foreign callees (retry helpers, returners,
//     refreshers of other packages);
//  2. retries: configured wrappers, this package's retry helpers, and the
//     retry scope of every closure they run;
//  3. writes and reads: each call classified, reads by assignment, copies
//     of a live resourceVersion, refreshers, reads through helpers, and the
//     lookup tables over them;
//  4. versions: the writes that cannot conflict, from how their objects
//     were built, or because their resourceVersion is blanked before the
//     write. It sees only the returners of other packages (their
//     AsGiven parameter): this package's returners depend on it;
//  5. fates: the tracer over the finished writes and reads, then this
//     package's returners, found by tracing their writes' failures, then
//     the tracer frozen with what depends on them (see fate's summaries);
//  6. healing: what in the package redoes a lost write (watches,
//     resyncs, requeues), for grading findings;
//  7. facts for the package's importers.
func (m *modeler) build(foreign fate.Foreign) {
	calls := m.stageCalls()
	m.stageRetries(calls)
	m.stageWritesAndReads(calls)
	m.markCannotConflict()
	m.markCleared()
	// The tracer outlives this Run (the checks trace failures later, maybe
	// concurrently): it keeps the package and the facts it needs, never
	// the Pass.
	m.res.tracer = fate.NewTracer(m.pass.TypesInfo, m.pass.Pkg, fateModel{m.res}, foreign)
	m.findReturners(calls)
	m.res.tracer.Freeze(m.res.walkedSites())
	m.res.info, m.res.gate = m.pass.TypesInfo, m.opts.Consequences
	m.res.healing = findHealing(m.pass.TypesInfo, m.res.files, m.importedResync)
	m.exportFacts()
}

func (m *modeler) stageCalls() []call {
	m.sites, m.callSites, m.res.functions = scanSites(m.pass.TypesInfo, m.res.files)
	m.collectDecls()
	return m.collectCalls()
}

func (m *modeler) stageRetries(calls []call) {
	m.applyConfig(calls)
	m.findRetryHelpers(calls)
	m.findScopes(calls)
}

func (m *modeler) stageWritesAndReads(calls []call) {
	for _, c := range calls {
		m.classify(c)
	}
	m.findAssignReads()
	m.findVersionCopies()
	m.findRefreshers()
	for _, c := range calls {
		m.addHelperRead(c)
	}
	m.res.index()
}

// modeler builds one package's Result.
type modeler struct {
	pass *analysis.Pass
	opts *api.Options
	res  *Result
	// sites are the calls, assignments and key-value pairs of the walked
	// files, in source order; cursors gives the few that need one theirs.
	sites     []site
	callSites int // how many of sites are calls
	cursors   *syntax.Cursors

	funcVars        map[*types.Var]*ast.FuncLit   // f := func(...) {...}
	freshBuilders   map[*types.Func]int           // the result a function builds without a resourceVersion (-1: none), memoised
	keepers         map[*types.Func][]bool        // per parameter, whether a function leaves its object without a resourceVersion, memoised
	copying         map[*types.Var]bool           // variables whose deep copies are being judged (see copiesFresh)
	conflictTesters map[ast.Node]bool             // functions whose body calls IsConflict
	crIfaces        map[string]*types.Interface   // controller-runtime client interfaces, lazily
	imported        map[*types.Func]bool          // foreign callees whose facts were imported
	objectTypes     map[types.Type]bool           // types that carry a resourceVersion, memoised
	methodKeys      map[*types.Func]api.MethodKey // interfaceMethodKey of concrete methods, memoised
	methodsByName   map[string][]*types.Func      // the package's methods, lazily
}

// applyConfig records the configured retry wrappers.
func (m *modeler) applyConfig(calls []call) {
	for _, c := range calls {
		if m.opts.RetryWrappers.Has(c.callee) {
			if p := api.FirstFuncParam(c.callee); p >= 0 {
				m.res.retryHelpers[c.callee] = p
			}
		}
	}
}

func (m *modeler) collectDecls() {
	m.res.decls = make(map[*types.Func]*ast.FuncDecl)
	m.res.lifted = make(map[*ast.FuncLit]*types.Func)
	m.res.liftedFuncs = make(map[*types.Func]bool)
	for _, f := range m.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := m.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				m.res.decls[fn] = fd
			}
		}
	}
}
