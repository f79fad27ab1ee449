package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The default resync an informer factory or a manager's cache sets up
// redoes every lost write of the kinds it watches after that period: where
// a package sets one up (for its own grading, and for its importers'
// through a ResyncFact), and which uses can set one up at all.

// resyncSetUpBy returns the smallest constant default resync that decl
// sets up: an informer factory's, a manager cache's SyncPeriod, or one a
// function of another package it calls sets up (resyncOf).
func resyncSetUpBy(info *types.Info, decl *ast.FuncDecl, resyncOf func(*types.Func) time.Duration) time.Duration {
	h := healing{periodFiles: []*ast.File{{Decls: []ast.Decl{decl}}}}
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn := upstream.Callee(info, n); fn != nil && fn.Pkg() != nil {
				h.noteFactoryOrCall(info, n, fn, resyncOf)
			}
		case *ast.CompositeLit:
			h.noteResync(h.syncPeriodOf(info, n))
		}
		return true
	})
	return h.resync
}

// noteFactoryOrCall notes the resync an informer factory call, or a call
// of a function with a ResyncFact, sets up.
func (h *healing) noteFactoryOrCall(info *types.Info, call *ast.CallExpr, fn *types.Func, resyncOf func(*types.Func) time.Duration) {
	if upstream.InformerFactoryFuncs[fn.Name()] && len(call.Args) >= 2 {
		h.noteResync(h.periodValue(info, call.Args[1]))
		return
	}
	h.noteResync(resyncOf(fn))
}

// syncPeriodOf returns the SyncPeriod a controller-runtime cache.Options
// literal sets, when it holds one value for the run.
func (h *healing) syncPeriodOf(info *types.Info, lit *ast.CompositeLit) time.Duration {
	if !upstream.IsNamed(info.TypeOf(lit), upstream.CRCachePath, "Options") {
		return 0
	}
	switch v := ast.Unparen(syntax.FieldValue(lit, "SyncPeriod")).(type) {
	case *ast.Ident: // a pointer set once (period := flag.Duration(...))
		if pv, ok := info.Uses[v].(*types.Var); ok {
			return h.periodOf(info, pv)
		}
	case *ast.UnaryExpr:
		if id := syntax.Ident(v.X); id != nil {
			if pv, ok := info.Uses[id].(*types.Var); ok {
				return h.periodOf(info, pv)
			}
		}
	case *ast.CallExpr:
		if fn := upstream.Callee(info, v); fn != nil && upstream.DurationPointerFuncs[upstream.FuncKeyOf(fn)] && len(v.Args) == 1 {
			return h.periodValue(info, v.Args[0])
		}
	}
	return 0
}

// periodOf returns the one duration v holds for the run, or the one
// a pointer v points to; 0 when it has none.
func (h *healing) periodOf(info *types.Info, v *types.Var) time.Duration {
	k := h.knownValues(info)
	if _, ok := v.Type().(*types.Pointer); ok {
		return durationValue(k.pointeeOf(v))
	}
	return durationValue(k.valueOf(v))
}

// periodValue returns the duration e stands for in the run, or 0.
func (h *healing) periodValue(info *types.Info, e ast.Expr) time.Duration {
	if d := durationOf(info, e); d != 0 {
		return d
	}
	return durationValue(h.knownValues(info).eval(e))
}

func (h *healing) knownValues(info *types.Info) *knownValues {
	if h.known == nil {
		h.known = findKnownValues(info, h.periodFiles)
	}
	return h.known
}

// resyncSetupsIfAny returns the positions of the package's uses of a
// function of another package with a ResyncFact, for a package that does
// not reach the client packages (where nothing else sets up a resync);
// nil at once when no such function is in view.
func (h healingFacts) resyncSetupsIfAny(info *types.Info) []token.Pos {
	if !h.resyncs {
		return nil
	}
	var at []token.Pos
	for id, obj := range info.Uses {
		if setsUpResync(obj, h.resyncOf) {
			at = append(at, id.Pos())
		}
	}
	return at
}

// setsUpResync reports whether a use of obj, of another package, can set
// up a resync: an informer factory's constructor, a manager cache's
// SyncPeriod, a function with a ResyncFact. A declaration that holds no
// such use sets none up, and resyncSetUpBy need not walk it.
func setsUpResync(obj types.Object, resyncOf func(*types.Func) time.Duration) bool {
	if obj.Pkg() == nil {
		return false
	}
	switch obj := obj.(type) {
	case *types.Func:
		return upstream.InformerFactoryFuncs[obj.Name()] || resyncOf(obj) > 0
	case *types.Var:
		return obj.IsField() && obj.Name() == "SyncPeriod" && syntax.PkgPath(obj.Pkg()) == upstream.CRCachePath
	}
	return false
}

// ProgramResync returns the smallest constant default resync that a
// function of files sets up (an informer factory's, a manager cache's
// SyncPeriod), or 0: the evidence a driver that loads the whole program
// gathers from every package, main included, before it analyzes any (see
// analyzer.ProgramEvidence). Calls into other packages count for nothing
// here: those packages are scanned themselves.
func ProgramResync(info *types.Info, files []*ast.File) time.Duration {
	none := func(*types.Func) time.Duration { return 0 }
	var out time.Duration
	for _, f := range files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				if r := resyncSetUpBy(info, decl, none); r > 0 && (out == 0 || r < out) {
					out = r
				}
			}
		}
	}
	return out
}

// ResyncParams returns the functions of files that build an informer
// factory with a resync period that is one of their parameters, as it
// stands (`func NewFactories(..., resync time.Duration)`), by FuncID, with
// that parameter's index: their callers choose the period (see
// ResyncArgs).
func ResyncParams(info *types.Info, files []*ast.File) map[FuncID]int {
	out := map[FuncID]int{}
	for fn, decl := range syntax.FuncDecls(info, files) {
		if i, ok := factoryPeriodParam(info, decl, fn.Signature().Params()); ok {
			out[FuncIDOf(fn)] = i
		}
	}
	return out
}

// factoryPeriodParam returns the index of the parameter that an informer
// factory call of decl takes as its resync period.
func factoryPeriodParam(info *types.Info, decl *ast.FuncDecl, params *types.Tuple) (int, bool) {
	index, found := 0, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || len(call.Args) < 2 {
			return !found
		}
		if fn := upstream.Callee(info, call); fn == nil || !upstream.InformerFactoryFuncs[fn.Name()] {
			return true
		}
		if id, ok := ast.Unparen(call.Args[1]).(*ast.Ident); ok {
			for i := range params.Len() {
				if info.Uses[id] == params.At(i) {
					index, found = i, true
				}
			}
		}
		return !found
	})
	return index, found
}

// ResyncArgs returns the smallest constant period that a call in files
// passes to a function of params (see ResyncParams), or 0.
func ResyncArgs(info *types.Info, files []*ast.File, params map[FuncID]int) time.Duration {
	var out time.Duration
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := upstream.Callee(info, call)
			if fn == nil {
				return true
			}
			if i, ok := params[FuncIDOf(fn)]; ok && i < len(call.Args) {
				if d := durationOf(info, call.Args[i]); d > 0 && (out == 0 || d < out) {
					out = d
				}
			}
			return true
		})
	}
	return out
}

// ResyncOff reports whether a call in files builds an informer factory
// with its resync turned off: a constant period of 0, given to a factory
// function or to a function of params (see ResyncParams). A program that
// does so beside factories that resync has informers that never resync,
// and which controller reads which factory is not followed: no period is
// evidence for all of them (see analyzer.ProgramEvidence).
func ResyncOff(info *types.Info, files []*ast.File, params map[FuncID]int) bool {
	off := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || off {
				return !off
			}
			fn := upstream.Callee(info, call)
			if fn == nil {
				return true
			}
			i, ok := params[FuncIDOf(fn)]
			if upstream.InformerFactoryFuncs[fn.Name()] {
				i, ok = 1, true
			}
			off = ok && i < len(call.Args) && isConstantZero(info, call.Args[i])
			return !off
		})
	}
	return off
}

// isConstantZero reports whether e is a constant whose value is 0.
func isConstantZero(info *types.Info, e ast.Expr) bool {
	v := info.Types[e].Value
	return v != nil && constant.Sign(v) == 0
}

// ManagerSync is what a package's product code does with controller-runtime's
// resync: whether it builds a manager, whether it names a SyncPeriod of the
// manager's or the cache's options at all (set or read, constant or not),
// and whether it builds an informer of its own (a factory or a client-go
// informer), whose period its constructor gives.
type ManagerSync struct {
	BuildsManager, NamesSyncPeriod, BuildsInformer bool
}

// ManagerSyncOf reads the ManagerSync of files from the identifiers they
// use.
func ManagerSyncOf(info *types.Info, files []*ast.File) ManagerSync {
	var out ManagerSync
	inFiles := func(pos token.Pos) bool {
		for _, f := range files {
			if f.FileStart <= pos && pos < f.FileEnd {
				return true
			}
		}
		return false
	}
	for id, obj := range info.Uses {
		// Most uses are of none of these: the files are looked at last.
		if m := managerUse(obj); m != (ManagerSync{}) && inFiles(id.Pos()) {
			out.Merge(m)
		}
	}
	return out
}

// managerUse is what a use of obj says of the manager's resync. The names
// are compared first: most uses are of other names, and cost no path.
func managerUse(obj types.Object) ManagerSync {
	var m ManagerSync
	switch obj := obj.(type) {
	case *types.Func:
		if !strings.HasPrefix(obj.Name(), "New") || obj.Pkg() == nil {
			return m
		}
		path := syntax.PkgPath(obj.Pkg())
		m.BuildsManager = path == upstream.CRManagerPath && obj.Name() == "New"
		m.BuildsInformer = buildsInformer(obj, path)
	case *types.Var:
		if name := obj.Name(); name != "NewManager" && name != "SyncPeriod" || obj.Pkg() == nil {
			return m
		}
		path := syntax.PkgPath(obj.Pkg())
		// ctrl.NewManager is a variable of the root package bound to manager.New.
		m.BuildsManager = path == upstream.CRPath && obj.Name() == "NewManager"
		m.NamesSyncPeriod = obj.IsField() && obj.Name() == "SyncPeriod" && upstream.HasPrefixPath(path, upstream.CRPath)
	}
	return m
}

// buildsInformer reports whether fn, of the package at path, builds an
// informer or a factory of them outside controller-runtime: client-go's
// and generated ones (NewSharedInformerFactory, NewDynamicSharedInformerFactory,
// NewSharedIndexInformer, NewFilteredPodInformer), known by name, each
// given a resync period of its own.
func buildsInformer(fn *types.Func, path string) bool {
	name := fn.Name()
	return strings.HasPrefix(name, "New") && strings.Contains(name, "Informer") && !upstream.HasPrefixPath(path, upstream.CRPath)
}

// Merge adds what another package does.
func (m *ManagerSync) Merge(o ManagerSync) {
	m.BuildsManager = m.BuildsManager || o.BuildsManager
	m.NamesSyncPeriod = m.NamesSyncPeriod || o.NamesSyncPeriod
	m.BuildsInformer = m.BuildsInformer || o.BuildsInformer
}

// DefaultResync returns the resync the program's manager gives every
// controller it runs when the program says nothing of one: controller-runtime's
// default, for a program that builds a manager, never names a SyncPeriod,
// and builds no informer of its own (whose period could be anything, and
// would be graded by this one); else 0.
func (m ManagerSync) DefaultResync() time.Duration {
	if m.BuildsManager && !m.NamesSyncPeriod && !m.BuildsInformer {
		return upstream.DefaultSyncPeriod
	}
	return 0
}
