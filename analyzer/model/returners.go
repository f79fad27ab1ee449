package model

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Returner is a function that returns the Conflict error of a write it
// makes, so that its callers are where that error may be lost.
type Returner struct {
	Inner *Write // the write, when the function is in this package
	// Where names the write of a chain that starts in another package
	// (its call, object and file:line, from the ReturnsConflictFact), so
	// that a finding at a call of the chain can say which write it is.
	Where string
	Param int // the parameter holding the written object, or -1
	// AsGiven is the parameter whose object, or whose elements (`for _, o
	// := range objs`), the write sends as the caller built it: nothing in
	// the function can give it a resourceVersion. -1 when there is none.
	// A caller that passes an object built without one makes a write that
	// cannot conflict.
	AsGiven int
	// Guard is the bool parameter the function's writes need, if any.
	Guard *Guard
	// ConflictGuard is the error parameter the function's own writes need
	// not to be a Conflict (When is false), if any: see conflictGuardOf.
	ConflictGuard *Guard
	// Kind is the written object's type where the chain knows it: the
	// write's, or the argument a call of another returner hands it (a
	// helper that builds its StatefulSet and gives it to a CreateOrUpdate
	// helper of another package). Nil for other packages' returners.
	Kind types.Type
	// Replaced is where, in this package, the chain drops the Conflict
	// itself and returns another error in its place (the write, or a call
	// of a returner, whose failure the function replaces): the caller's
	// error then tells only that the path failed. Nil when the Conflict
	// reaches the caller on every path, and for other packages' returners.
	Replaced *Replacement
	// AlsoReplaced are the other places where the function's chains drop
	// a Conflict for another error: a function with several writes whose
	// failures it keeps in one variable (`res = err`, each overwriting the
	// last) loses each write's Conflict at its own drop, and each is a
	// finding of its own.
	AlsoReplaced []*Replacement
}

// Replacement is a call whose Conflict a returner drops, returning
// another error instead.
type Replacement struct {
	Call   *ast.CallExpr
	Cursor inspector.Cursor
}

// ReturnerCall is a call of a Returner that is not itself a write.
type ReturnerCall struct {
	Call   *ast.CallExpr
	Callee *types.Func
}

// returnerCalls are the calls of returners that are not writes
// themselves, with their cursors.
type returnerCalls struct {
	calls   []*ReturnerCall
	cursors map[*ast.CallExpr]inspector.Cursor
}

// returnerFinder finds the package's returners by tracing the failures of
// its writes and of the calls of returners.
type returnerFinder struct {
	info   *types.Info
	scan   *callScan
	found  *writesAndReads
	scopes scopesByBody
	tracer *fate.Tracer
	judge  *versionJudge
	// returners are other packages' returners and this package's found so
	// far; the tracer and the judge read the same map, so a function found
	// is a returner for the rest of the fixed point.
	returners     map[*types.Func]Returner
	methodsByName map[string][]*types.Func // the package's methods
	// implementers are, by interface method, the package's methods that
	// implement it: asked in every round of the fixed point, computed once.
	implementers map[*types.Func][]*types.Func
}

// findReturners is the fifth stage's second half: it adds to returners
// this package's functions that return a write's error (to a fixed
// point: a function returning a returner's error is one too), and returns
// the calls of every returner, local or known from facts. The tracer
// must be over the finished writes and reads, and read returners.
func findReturners(info *types.Info, scan *callScan, found *writesAndReads, scopes scopesByBody, tracer *fate.Tracer, judge *versionJudge, returners map[*types.Func]Returner) returnerCalls {
	f := &returnerFinder{
		info: info, scan: scan, found: found, scopes: scopes, tracer: tracer, judge: judge,
		returners:     returners,
		methodsByName: methodsByName(scan.decls.decls),
		implementers:  make(map[*types.Func][]*types.Func),
	}
	f.writeReturners()
	// Each rule reads the returners the other finds.
	graph.Saturate([]func() bool{f.findInterfaceReturners, f.callReturners}, func(rule func() bool) bool { return rule() })
	return f.returnerCalls()
}

// writeReturners records the functions whose own writes' failures they
// hand on, with the guard all their writes share.
func (f *returnerFinder) writeReturners() {
	guards, conflictGuards := make(map[*types.Func][]*Guard), make(map[*types.Func][]*Guard)
	for _, w := range f.found.writes {
		fn, decl := f.scan.decls.declOf(w.FuncNode)
		if fn == nil {
			fn, decl = f.declCallingInPlace(w)
		}
		if fn == nil || w.Scope != nil || w.CannotConflict || f.handsOnByCapture(fn) {
			continue
		}
		if fa := f.tracer.Trace(w.Cursor); fa.HandsOn() {
			also := f.returners[fn].allReplaced()
			f.returners[fn] = Returner{Inner: w, Param: paramIndex(f.info, decl, w.Object.Root), AsGiven: f.sentAsGiven(decl, w), Kind: f.info.TypeOf(w.Object.Expr), Replaced: replacement(fa, w.Call, w.Cursor, nil), AlsoReplaced: also}
			guards[fn] = append(guards[fn], f.writeGuard(decl, w))
			conflictGuards[fn] = append(conflictGuards[fn], f.writeConflictGuard(decl, w))
		}
	}
	for fn, gs := range guards {
		r := f.returners[fn]
		r.Guard, r.ConflictGuard = mergeGuards(gs), mergeGuards(conflictGuards[fn])
		f.returners[fn] = r
	}
}

// declCallingInPlace returns the declaration that w's function literal
// is called in, where it is written (`return func() error { ...; return
// c.Update(...) }()`), through literals called so in turn: its failure is
// the declaration's to hand on (a client wrapper that writes under a
// lock, Emissary's kates).
func (f *returnerFinder) declCallingInPlace(w *Write) (*types.Func, *ast.FuncDecl) {
	for cur := syntax.EnclosingFunc(w.Cursor); cur.Valid(); {
		if _, lit := cur.Node().(*ast.FuncLit); !lit {
			return f.scan.decls.declOf(cur.Node())
		}
		call, ok := fate.CalledInPlace(cur)
		if !ok {
			return nil, nil
		}
		cur = syntax.EnclosingFunc(call)
	}
	return nil, nil
}

// callReturners records the functions that hand on the failure of a
// call of a returner, and reports whether it found any.
func (f *returnerFinder) callReturners() bool {
	changed := false
	for _, c := range f.scan.calls {
		r, ok := f.returners[c.callee]
		if !ok || !f.mayConflict(c, r) {
			continue
		}
		fn, decl := f.scan.decls.declOf(c.site().fnNode())
		if _, known := f.returners[fn]; fn == nil || known || f.scopes.around(c.frame) != nil || f.handsOnByCapture(fn) {
			continue
		}
		cur := f.scan.cursor(c)
		if fa := f.tracer.Trace(cur); fa.HandsOn() {
			root := argRoot(f.info, c.expr, r.Param)
			ret := Returner{Inner: r.Inner, Where: r.Where, Param: paramIndex(f.info, decl, root), AsGiven: f.passedAsGiven(decl, c, r), Kind: f.argKind(c, r), Replaced: replacement(fa, c.expr, cur, r.Replaced)}
			if fa != fate.ReturnedOther {
				ret.AlsoReplaced = r.AlsoReplaced // the callee's drops, handed on as they are
			}
			f.returners[fn] = ret
			changed = true
		}
	}
	return changed
}

// argKind is the type of the object c, a call of the returner r, hands
// it to write, or r's own Kind.
func (f *returnerFinder) argKind(c call, r Returner) types.Type {
	if r.Param >= 0 && r.Param < len(c.expr.Args) {
		return f.info.TypeOf(c.expr.Args[r.Param])
	}
	return r.Kind
}

// handsOnByCapture reports whether fn is a literal bound to a variable
// that returns nothing: it can hand a failure on only through a variable
// it captures (`updateStatus := func() { ...; err = newErr }; defer
// updateStatus()` sets the named result), which the write's own fate
// follows; a call of it has no result to drop.
func (f *returnerFinder) handsOnByCapture(fn *types.Func) bool {
	return f.scan.decls.liftedFuncs[fn] && fn.Signature().Results().Len() == 0
}

// replacement returns where a returner drops the Conflict for another
// error: call, when its failure's fate is to be replaced so, else where
// the callee did (inner).
func replacement(fa fate.Fate, call *ast.CallExpr, cur inspector.Cursor, inner *Replacement) *Replacement {
	if fa == fate.ReturnedOther {
		return &Replacement{Call: call, Cursor: cur}
	}
	return inner
}

// allReplaced returns every drop of r's chains, Replaced first.
func (r Returner) allReplaced() []*Replacement {
	if r.Replaced == nil {
		return r.AlsoReplaced
	}
	return append([]*Replacement{r.Replaced}, r.AlsoReplaced...)
}

// mayConflict reports whether c, a call of the returner r, is not a write
// itself and may hand on r's Conflict: it gives r's AsGiven parameter no
// object built fresh, nor r's guard the value that skips the writes.
func (f *returnerFinder) mayConflict(c call, r Returner) bool {
	return f.found.writeAt(c.expr) == nil && !f.versionlessArg(c, r) && !guardExcludes(f.info, c.expr, r)
}

// returnerCalls returns the calls of returners, once they are final.
func (f *returnerFinder) returnerCalls() returnerCalls {
	out := returnerCalls{cursors: make(map[*ast.CallExpr]inspector.Cursor)}
	for _, c := range f.scan.calls {
		if r, ok := f.returners[c.callee]; ok && f.mayConflict(c, r) {
			out.calls = append(out.calls, &ReturnerCall{Call: c.expr, Callee: c.callee})
			out.cursors[c.expr] = f.scan.cursor(c)
		}
	}
	return out
}

// paramIndex returns the index of decl's parameter v, or -1.
func paramIndex(info *types.Info, decl *ast.FuncDecl, v *types.Var) int {
	if v == nil {
		return -1
	}
	for i, p := range syntax.ParamVars(info, decl) {
		if p == v {
			return i
		}
	}
	return -1
}

// argRoot returns the variable passed (possibly as &v) as argument i of
// call, or nil.
func argRoot(info *types.Info, call *ast.CallExpr, i int) *types.Var {
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	o := upstream.ObjectOf(info, call.Args[i])
	if id, ok := o.Expr.(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	return nil
}

// findInterfaceReturners marks as returners the interface methods called
// in the package whose implementations in the package are all returners:
// a write helper called through an interface. It reports whether it
// marked any.
func (f *returnerFinder) findInterfaceReturners() bool {
	marked := false
	for _, c := range f.scan.calls {
		fn := c.callee
		if _, known := f.returners[fn]; known || fn.Signature().Recv() == nil || !types.IsInterface(fn.Signature().Recv().Type()) {
			continue
		}
		if r, ok := f.implementedByReturners(fn); ok {
			f.returners[fn] = r
			marked = true
		}
	}
	return marked
}

// implementedByReturners reports whether every method of this package that
// implements the interface method im is a returner (and there is one).
func (f *returnerFinder) implementedByReturners(im *types.Func) (Returner, bool) {
	var found *Returner
	for _, fn := range f.implementersOf(im) {
		r, ok := f.returners[fn]
		if !ok {
			return Returner{}, false
		}
		found = &r
	}
	if found == nil {
		return Returner{}, false
	}
	out := *found
	out.AsGiven = -1 // implementations may differ in what they send
	return out, true
}

// implementersOf returns the package's methods that implement the
// interface method im.
func (f *returnerFinder) implementersOf(im *types.Func) []*types.Func {
	if fns, ok := f.implementers[im]; ok {
		return fns
	}
	var fns []*types.Func
	if iface, ok := im.Signature().Recv().Type().Underlying().(*types.Interface); ok {
		for _, fn := range f.methodsByName[im.Name()] {
			if types.Implements(fn.Signature().Recv().Type(), iface) {
				fns = append(fns, fn)
			}
		}
	}
	f.implementers[im] = fns
	return fns
}

// methodsByName groups the methods declared in the package by name:
// every call of an interface method asks for those that may implement it,
// in each round of the returners' fixed point.
func methodsByName(decls map[*types.Func]*ast.FuncDecl) map[string][]*types.Func {
	out := make(map[string][]*types.Func)
	for fn := range decls {
		if fn.Signature().Recv() != nil {
			out[fn.Name()] = append(out[fn.Name()], fn)
		}
	}
	return out
}

// writeGuard returns the guard of the write w in decl (nil for a
// literal's write or one without).
func (f *returnerFinder) writeGuard(decl *ast.FuncDecl, w *Write) *Guard {
	if decl == nil || w.FuncNode != ast.Node(decl) {
		return nil
	}
	return guardOf(f.info, decl, w.Cursor)
}

// writeConflictGuard returns the error parameter of decl that the write w
// needs not to be a Conflict, as a guard (nil for a literal's write or
// one without).
func (f *returnerFinder) writeConflictGuard(decl *ast.FuncDecl, w *Write) *Guard {
	if p := writeConflictParam(f.info, decl, w); p >= 0 {
		return &Guard{Param: p, When: false}
	}
	return nil
}
