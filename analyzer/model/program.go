package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"strings"
	"sync"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
)

// A write whose failure is lost in a helper outside any controller (a
// datastore package's RemoveFinalizerFor<Kind>) is redone only if every
// way to it starts in a controller that the lost change runs again: its
// package cannot say, its callers can. A driver that loads the whole
// program hands the model a ProgramHealing, which grades such a write from
// every package's evidence (the watches, resyncs and requeues of all the
// controllers) and the program's call graph: the write's function, and up
// its callers until each path reaches a method of a controller with
// evidence; a path that starts anywhere else (main, a handler the code
// registers as a value, a method an interface call may reach) leaves the
// write lost. Each path's grade is that controller's for the written kind,
// and the write's is the harshest of them. A path that enters through a
// call a Reconcile makes only in its requeue tail (requeuetail.go) is
// redone by that requeue, whatever the controller's own evidence says.

// ProgramHealing grades lost writes from the whole program's evidence
// (see above). It is built from the loaded packages before any analysis
// and computed on the first question, once: a run whose writes all heal
// in their own package, or that has none, does not pay for it.
type ProgramHealing struct {
	pkgs     []ProgramPackage
	resyncOf func(path string) time.Duration
	once     sync.Once

	healing   healing                    // every package's evidence, owners by their canonical type
	owners    map[string]*types.TypeName // the canonical type of each owner key
	evidenced map[string]*types.TypeName // owners with some evidence of healing
	tailed    map[string]bool            // owners whose Reconcile has a requeue tail
	calls     *programCalls
	fields    map[*types.Var]string // informer fields and the kinds they watch
	ticks     *queuedTicks          // what the program's own event loops run on each tick
	// managerRunsOn is set when a manager Start of the program lets the
	// program run on after it fails (see managerstop.go).
	managerRunsOn bool
}

// ProgramPackage is one loaded package's product code (test files left
// out: a test is not a way the program runs).
type ProgramPackage struct {
	Pkg   *types.Package
	Info  *types.Info
	Files []*ast.File
	Fset  *token.FileSet
}

// NewProgramHealing returns the grader of the program made of pkgs, whose
// informers and manager cache resync, for the controllers of the package
// at path, every resyncOf(path) (0: none known).
func NewProgramHealing(pkgs []ProgramPackage, resyncOf func(path string) time.Duration) *ProgramHealing {
	return &ProgramHealing{pkgs: pkgs, resyncOf: resyncOf}
}

// Prepare builds the grader now rather than on the first question: for a
// driver that measures what the build costs apart from the analysis.
func (p *ProgramHealing) Prepare() { p.once.Do(p.build) }

// maxProgramCallers bounds the callers a grade looks at; past it the
// write stays lost.
const maxProgramCallers = 2000

// Grade is the consequence of a lost write of kind (kindKey) made in fn,
// on the program's evidence; onEvent is false when an event that runs fn
// may still skip the write.
func (p *ProgramHealing) Grade(fn *types.Func, kind string, onEvent bool) consequence.Evidence {
	p.once.Do(p.build)
	lost := consequence.Evidence{Grade: consequence.Lost}
	var worst *consequence.Evidence
	seen := map[FuncID]bool{}
	queue := []FuncID{FuncIDOf(fn)}
	for len(queue) > 0 {
		k := queue[0]
		queue = queue[1:]
		if seen[k] {
			continue
		}
		seen[k] = true
		if len(seen) > maxProgramCallers {
			return lost
		}
		if owner := p.evidenced[k.owner()]; owner != nil {
			e := p.healing.grade(owner, kind, onEvent, func(q *queuedTicks) bool { _, ok := q.funcs[k]; return ok })
			if e.Grade != consequence.Lost {
				worst = consequence.Harsher(worst, e)
				continue
			}
			if !p.tailed[k.owner()] {
				return lost
			}
		}
		if p.calls.openCallers(k) {
			return lost
		}
		for _, c := range p.calls.callersOf(k) {
			if t, ok := p.healing.tails[c]; ok && t.callees[k] {
				worst = consequence.Harsher(worst, p.healing.gradeRequeued(t.owner, kind, onEvent, t.periodOf(k), func(q *queuedTicks) bool { _, ok := q.funcs[c]; return ok }))
				continue // called after the point from which the Reconcile requeues
			}
			queue = append(queue, c)
		}
	}
	if worst == nil {
		return lost
	}
	return *worst
}

// QueuedTick reports whether the program's own event loop runs the
// change lost at the call at pos, in fn, again on each tick, and the
// tick's period: the call is one a worker makes for the tick's items, fn
// runs on each tick, or helper (the function called; nil for a write)
// does and is not handed an object of the kind it writes (handedKind).
func (p *ProgramHealing) QueuedTick(fn *types.Func, pos token.Position, helper *types.Func, handedKind bool) (time.Duration, bool) {
	p.once.Do(p.build)
	return p.ticks.run(fn, pos, helper, handedKind)
}

// CalledOnlyInPackage reports whether every call of fn in the program is
// made in fn's package, and nothing takes it as a value or calls it
// through an interface. Only for a package that nothing outside its
// module can import (main, or one under internal/), whose callers the
// load of the module holds.
func (p *ProgramHealing) CalledOnlyInPackage(fn *types.Func) bool {
	if fn.Pkg() == nil || !moduleOnly(fn.Pkg()) {
		return false
	}
	p.once.Do(p.build)
	k := FuncIDOf(fn)
	callers := p.calls.callersOf(k)
	if p.calls.openCallers(k) || len(callers) == 0 {
		return false
	}
	for _, c := range callers {
		if c.pkg != k.pkg {
			return false
		}
	}
	return true
}

// moduleOnly reports whether only its own module can import pkg: a main
// package, or one under an internal directory.
func moduleOnly(pkg *types.Package) bool {
	path := pkg.Path()
	return pkg.Name() == "main" || strings.HasPrefix(path, "internal/") || strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal")
}

// build gathers every package's evidence and the call graph.
func (p *ProgramHealing) build() {
	p.healing = healing{
		watches: map[string][]watch{}, resynced: map[*types.TypeName]bool{},
		ownResync: map[*types.TypeName]time.Duration{}, requeues: map[*types.TypeName]time.Duration{},
		tails: map[FuncID]requeueTail{}, resyncOf: p.resyncOf,
	}
	p.owners, p.evidenced, p.tailed = map[string]*types.TypeName{}, map[string]*types.TypeName{}, map[string]bool{}
	paths := map[string]bool{}
	for _, pkg := range p.pkgs {
		paths[pkg.Pkg.Path()] = true
	}
	p.calls, p.fields = newProgramCalls(paths), map[*types.Var]string{}
	for _, pkg := range p.pkgs {
		for v, kind := range findInformerKinds(pkg.Info, pkg.Files, nil).fieldKinds() {
			p.fields[v] = kind
		}
	}
	wrappers := map[*types.Func]watchParams{}
	for _, pkg := range p.pkgs {
		maps.Copy(wrappers, findWatchWrappers(pkg.Info, pkg.Pkg, pkg.Files))
	}
	signalling := map[*types.Var]bool{}
	for _, pkg := range p.pkgs {
		maps.Copy(signalling, signalFields(pkg.Info, pkg.Files))
	}
	noResync := func(*types.Func) time.Duration { return 0 }
	facts := healingFacts{resyncOf: noResync, informerOf: func(v *types.Var) string { return p.fields[v] },
		watchOf:       func(fn *types.Func) (watchParams, bool) { w, ok := wrappers[fn]; return w, ok },
		signalFieldOf: func(v *types.Var) bool { return signalling[v] }}
	for _, pkg := range p.pkgs {
		p.calls.addPackage(pkg.Info, pkg.Files)
		calls := p.calls.takeCalls()
		p.noteManagerStarts(pkg.Info, pkg.Files, calls)
		facts.fset = pkg.Fset
		p.merge(findHealing(pkg.Info, pkg.Files, calls, nil, facts))
	}
	p.ticks = findQueuedTicks(p.pkgs)
	p.pkgs = nil // read once
}

// merge adds one package's evidence, its owners by their canonical type.
func (p *ProgramHealing) merge(h healing) {
	for kind, ws := range h.watches {
		for _, w := range ws {
			w.owner = p.canonical(w.owner)
			p.healing.addWatch(kind, w)
		}
	}
	for o := range h.resynced {
		p.healing.resynced[p.canonical(o)] = true
	}
	for o, d := range h.ownResync {
		c := p.canonical(o)
		p.healing.ownResync[c] = shorterPeriod(p.healing.ownResync[c], d)
	}
	for o, d := range h.requeues {
		c := p.canonical(o)
		p.healing.requeues[c] = shorterPeriod(p.healing.requeues[c], d)
	}
	for fn, t := range h.tails {
		t.owner = p.canonical(t.owner)
		p.healing.tails[fn] = t
		p.tailed[fn.owner()] = true
	}
}

// canonical returns the one type name the program uses for tn's key, and
// records it as an owner with evidence.
func (p *ProgramHealing) canonical(tn *types.TypeName) *types.TypeName {
	k := kindKey(tn)
	if k == "" {
		return nil
	}
	if c, ok := p.owners[k]; ok {
		return c
	}
	p.owners[k], p.evidenced[k] = tn, tn
	return tn
}
