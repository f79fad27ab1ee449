package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// How long a lost write leaves the cluster wrong depends on what redoes
// it: the controller's own watch of the written kind (the other writer's
// change that caused the Conflict is an event), a periodic resync, or a
// requeue asked on every path; or on whether a person is told. healing is
// that evidence, found once per package; a finding is graded down from
// `lost` only on it (a wrong "heals by itself" would hide a real bug).

// healing is what the package shows of how a lost write is redone.
type healing struct {
	// watches are, per kind (kindKey), the controllers that watch it:
	// owner is the reconciler (or controller) type, filtered is set when
	// a predicate may drop the change that caused the Conflict.
	watches map[string][]watch
	// resynced are the owner types run again by their informers' default
	// resync (a handler added without a period, a builder's watches).
	resynced map[*types.TypeName]bool
	// resync is the smallest constant default resync period in view
	// (informer factory, manager SyncPeriod), 0 when none; resyncOf, set
	// for the whole program's evidence, stands for it: the period of the
	// programs that run the package at path.
	resync   time.Duration
	resyncOf func(path string) time.Duration
	// ownResync are the owners that asked their handler registrations for
	// a constant resync period of their own, the smallest one.
	ownResync map[*types.TypeName]time.Duration
	// requeues are the reconciler types whose Reconcile asks for a
	// requeue after the given period on every return without an error.
	requeues map[*types.TypeName]time.Duration
	// tails are, per Reconcile, the last statements after which every
	// return requeues, where not every return does (see requeuetail.go).
	tails map[FuncID]requeueTail
	// known holds the variables of periodFiles with one value for the
	// run (syncPeriod := 10 * time.Minute; SyncPeriod: &syncPeriod; a
	// flag's default), found when a period first needs them (few
	// packages set one).
	known       *knownValues
	periodFiles []*ast.File
	// funcDecls are the package's function declarations, found when a
	// handler registration first needs them (see handlerMaker).
	funcDecls map[*types.Func]*ast.FuncDecl
	// dispatchDecls are the same with their package's information, for
	// the walks of dispatched watches (see dispatchedwatch.go).
	dispatchDecls map[*types.Func]declOf
	// controllers are the variables set to a controller.New call, found
	// when a Watch first needs them (see controllerwatch.go).
	controllers map[*types.Var]*ast.CallExpr
	// informers names the kind behind informer variables and fields.
	informers *informerKinds
	// periodic are the functions only timer loops run (see periodic.go).
	periodic periodicRuns
	// refs are the owner references the package gives (see ownerwatch.go).
	refs ownerRefs
	// watchOf tells the watch wrappers (see healingFacts).
	watchOf func(*types.Func) (watchParams, bool)
	// controllerParams are the parameters that hold a controller, found
	// with controllers.
	controllerParams map[*types.Var]bool
	// registrars are the package's functions that register a handler
	// parameter (see noteRegistrationWrapper), by the parameter's index.
	registrars map[*types.Func]registrar
	// channels are the watches through a channel (see channelwatch.go),
	// signalResults the package's functions that hand one's channel out.
	channels      channelWatches
	signalResults map[*types.Func]signalResult
	// signalFieldOf and signalResultOf tell other packages' signalling
	// fields and functions (SignalsFact, SignalChannelFact).
	signalFieldOf  func(*types.Var) bool
	signalResultOf func(*types.Func) (signalResult, bool)
	fset           *token.FileSet
}

type watch struct {
	owner    *types.TypeName
	filtered bool
	// runs, for a handler that queues typed events on the project's own
	// queue, is what the worker runs for them (see dispatchedwatch.go);
	// nil: every method of owner.
	runs *queuedTicks
	// controllerOnly is set when the watch maps an owned object's events
	// to its controller owner only (see ownerwatch.go).
	controllerOnly bool
}

// healingFacts are what other packages' facts tell findHealing.
type healingFacts struct {
	// resyncs tells whether any function of another package in view has
	// a ResyncFact.
	resyncs bool
	// resyncOf gives the resync period that a function of another
	// package sets up (ResyncFact).
	resyncOf func(*types.Func) time.Duration
	// informerOf gives the kind an informer field of another package
	// watches (InformerKindFact).
	informerOf func(*types.Var) string
	// watchOf gives the parameters of a watch wrapper of this package or
	// another (WatchesFact), see watchwrappers.go.
	watchOf func(*types.Func) (watchParams, bool)
	// wrappers are the package's own watch wrappers.
	wrappers map[*types.Func]watchParams
	// signalFieldOf and signalResultOf give the SignalsFact of another
	// package's field and the SignalChannelFact of its function.
	signalFieldOf  func(*types.Var) bool
	signalResultOf func(*types.Func) (signalResult, bool)
	// fset is the package's file set (for where a worker's calls are,
	// see dispatchedwatch.go).
	fset *token.FileSet
}

// findHealing gathers the package's evidence from files and their calls
// (as the first stage found them, in source order). A manager cache's
// SyncPeriod is looked for only where the package can set up a resync
// (resyncAt, see useScan).
func findHealing(info *types.Info, files []*ast.File, calls []call, resyncAt []token.Pos, facts healingFacts) healing {
	h := healing{
		watches:  map[string][]watch{},
		resynced: map[*types.TypeName]bool{}, ownResync: map[*types.TypeName]time.Duration{},
		requeues: map[*types.TypeName]time.Duration{}, tails: map[FuncID]requeueTail{},
		refs:    ownerRefs{plain: map[string]bool{}, controller: map[string]bool{}},
		watchOf: facts.watchOf, signalFieldOf: facts.signalFieldOf, signalResultOf: facts.signalResultOf,
		fset: facts.fset,
	}
	h.periodFiles = files
	h.informers = findInformerKinds(info, files, facts.informerOf)
	for _, c := range calls {
		h.noteCall(info, c.expr, c.site().decl(), facts.resyncOf)
	}
	for _, file := range files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				h.noteReconcile(info, fd)
			}
		}
		if len(resyncAt) > 0 {
			ast.Inspect(file, func(n ast.Node) bool {
				if lit, ok := n.(*ast.CompositeLit); ok {
					h.noteResync(h.syncPeriodOf(info, lit))
				}
				return true
			})
		}
	}
	h.noteWrappedRegistrations(info, calls)
	h.signalResults = h.findChannelLoops(info)
	h.dropUncontrolledWatches(info)
	return h
}

func (h *healing) noteResync(d time.Duration) {
	if d > 0 && (h.resync == 0 || d < h.resync) {
		h.resync = d
	}
}

func (h *healing) addWatch(kind string, w watch) {
	if kind == "" || w.owner == nil {
		return
	}
	h.watches[kind] = append(h.watches[kind], w)
}

// noteCall records a builder chain's watches, an event handler's
// registration (an informer's, a wrangler controller's OnChange) and a
// resync period set up by call.
func (h *healing) noteCall(info *types.Info, call *ast.CallExpr, decl *ast.FuncDecl, resyncOf func(*types.Func) time.Duration) {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	h.noteChannelTaker(info, call, fn, decl)
	switch {
	case isBuilderMethod(fn) && upstream.BuildMethods[fn.Name()]:
		h.noteChain(info, call, decl)
	case isHandlerRegistration(fn):
		h.noteHandler(info, call, fn, decl)
	case fn.Name() == "Watch" && fn.Pkg().Path() == upstream.ControllerPath:
		h.noteControllerWatch(info, call)
	case h.noteOnChange(info, call, fn):
	case h.noteWrappedWatch(info, call, fn):
	case h.noteOwnerReference(info, call, fn):
	default:
		h.noteFactoryOrCall(info, call, fn, resyncOf)
	}
}

func isHandlerRegistration(fn *types.Func) bool {
	_, ok := upstream.HandlerRegistrations[fn.Name()]
	return ok
}

// noteHandler records `inf.AddEventHandler(cache.ResourceEventHandlerFuncs{UpdateFunc: ...})`:
// the kind the informer inf watches (a typed informer's Informer(), or a
// variable or field set to one), and as owner the type whose methods the
// handler calls; a FilteringResourceEventHandler's filter may drop the
// change. The owner is resynced by the registration's own period, or by
// the informer's default one when it gives none. A handler that signals a
// channel is left to the channel's loops (channelwatch.go).
func (h *healing) noteHandler(info *types.Info, call *ast.CallExpr, fn *types.Func, decl *ast.FuncDecl) {
	if fn.Pkg().Path() != upstream.CachePath || len(call.Args) == 0 || h.noteSignalHandler(info, call, decl) {
		return
	}
	kind := ""
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		kind = h.informers.of(sel.X)
	}
	reg := registration{kind: kind, period: -1}
	if i := upstream.HandlerRegistrations[fn.Name()]; i >= 0 && i < len(call.Args) {
		reg.period = durationOf(info, call.Args[i])
	}
	if h.noteRegistrationWrapper(info, call.Args[0], decl, reg) {
		return
	}
	h.noteRegistered(info, call.Args[0], reg)
}

// updateOwner returns the type whose methods the UpdateFunc of the
// handler literal lit runs: the receiver of a method value, or of the
// first method a function literal calls. An UpdateFunc with an empty
// body runs nothing on a change, so it has none. Another function value
// is judged by the first method any of the handler's functions names.
func (h *healing) updateOwner(info *types.Info, lit *ast.CompositeLit) *types.TypeName {
	upd := syntax.FieldValue(lit, "UpdateFunc")
	if f, ok := ast.Unparen(upd).(*ast.FuncLit); ok {
		if len(f.Body.List) == 0 {
			return nil
		}
		return methodOwner(info, f)
	}
	if owner, ok := h.methodValueOwner(info, upd); ok {
		return owner
	}
	return methodOwner(info, lit)
}

// methodValueOwner returns, for e a method value (`c.sync`), its
// receiver's type, or nil when the method has an empty body and so runs
// nothing; ok is false when e is no method value.
func (h *healing) methodValueOwner(info *types.Info, e ast.Expr) (owner *types.TypeName, ok bool) {
	sel, isSel := ast.Unparen(e).(*ast.SelectorExpr)
	if !isSel {
		return nil, false
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil, false
	}
	if h.emptyMethod(info, s.Obj()) {
		return nil, true
	}
	return namedOf(s.Recv()), true
}

// emptyMethod reports whether obj is a method of the package declared
// with an empty body.
func (h *healing) emptyMethod(info *types.Info, obj types.Object) bool {
	fn, _ := obj.(*types.Func)
	decl := h.declOf(info, fn)
	return decl != nil && decl.Body != nil && len(decl.Body.List) == 0
}

// handlerMaker returns, for arg a call of a function of the package that
// only returns a value (`inf.AddEventHandler(c.controlleeHandler())`, a
// project's wrapper around its handler literal), the value it returns;
// arg itself otherwise.
func (h *healing) handlerMaker(info *types.Info, arg ast.Expr) ast.Expr {
	call, ok := ast.Unparen(arg).(*ast.CallExpr)
	if !ok {
		return arg
	}
	decl := h.declOf(info, upstream.Callee(info, call))
	if decl == nil || decl.Body == nil || len(decl.Body.List) != 1 {
		return arg
	}
	if ret, ok := decl.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
		return ret.Results[0]
	}
	return arg
}

// declOf returns the package's declaration of fn (nil: none, or fn nil),
// the declarations found on the first call.
func (h *healing) declOf(info *types.Info, fn *types.Func) *ast.FuncDecl {
	if fn == nil {
		return nil
	}
	if h.funcDecls == nil {
		h.funcDecls = funcDeclsOf(info, h.periodFiles)
	}
	return h.funcDecls[fn.Origin()]
}

// funcDeclsOf returns the function declarations of files by their object.
func funcDeclsOf(info *types.Info, files []*ast.File) map[*types.Func]*ast.FuncDecl {
	out := map[*types.Func]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					out[fn] = fd
				}
			}
		}
	}
	return out
}

// updateHandler returns the handler literal with an UpdateFunc that arg
// registers, and whether a filter stands before it.
func updateHandler(info *types.Info, arg ast.Expr) (*ast.CompositeLit, bool) {
	lit, ok := ast.Unparen(arg).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	switch {
	case upstream.IsNamed(info.TypeOf(lit), upstream.CachePath, "ResourceEventHandlerFuncs") && syntax.FieldValue(lit, "UpdateFunc") != nil:
		return lit, false
	case upstream.IsNamed(info.TypeOf(lit), upstream.CachePath, "FilteringResourceEventHandler"):
		if inner := syntax.FieldValue(lit, "Handler"); inner != nil {
			handler, _ := updateHandler(info, inner)
			return handler, true
		}
	}
	return nil, false
}

// listedKind returns the kind a lister's List method returns.
func listedKind(lister types.Type) *types.TypeName {
	list, _, _ := types.LookupFieldOrMethod(lister, true, nil, "List")
	lf, ok := list.(*types.Func)
	if !ok || lf.Signature().Results().Len() == 0 {
		return nil
	}
	if s, ok := lf.Signature().Results().At(0).Type().(*types.Slice); ok {
		return namedOf(s.Elem())
	}
	return nil
}

// methodOwner returns the named type of the receiver of the first method
// value or method call in n (c.enqueue, c.handleUpdate(obj)).
func methodOwner(info *types.Info, n ast.Node) *types.TypeName {
	var owner *types.TypeName
	ast.Inspect(n, func(n ast.Node) bool {
		if owner != nil {
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				owner = namedOf(s.Recv())
			}
		}
		return true
	})
	return owner
}

// durationOf returns the constant duration e holds.
func durationOf(info *types.Info, e ast.Expr) time.Duration {
	if v := info.Types[e].Value; v != nil {
		if d, ok := constant.Int64Val(constant.ToInt(v)); ok {
			return time.Duration(d)
		}
	}
	return 0
}

// namedOf returns the type name of t, through one pointer and generic
// instantiation.
func namedOf(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}
