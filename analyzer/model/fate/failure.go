package fate

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"golang.org/x/tools/go/ast/inspector"
)

// failure is the failing call a walk follows, and what the walk needs to
// know about the function around it.
type failure struct {
	call   *ast.CallExpr
	cur    inspector.Cursor // at call
	object upstream.Object  // the object written, when known
	fn     ast.Node         // innermost *ast.FuncDecl or *ast.FuncLit around call
	fnCur  inspector.Cursor // at fn: lookups of the walk search only it
	sig    *types.Signature // fn's signature
	loop   ast.Node         // innermost loop statement around call inside fn, or nil
	// deferred is set when fn is a literal run by a defer statement: a
	// local of the outer function assigned there is read by no one.
	deferred bool
	// outerErrors are the named error results of the function that defers
	// fn: what the deferred literal leaves in them is returned.
	outerErrors []*types.Var
	// outerResults are all its named results: a Result among them that
	// the literal sets to ask for a requeue requeues.
	outerResults []*types.Var
	// pollCall is the wait.Poll call that runs fn as its condition, or nil.
	pollCall *ast.CallExpr
	// pollRereads is set when fn is such a condition and reads the object
	// itself: returning (false, nil) makes wait run it again.
	pollRereads bool
	// ends says how an error fn returns ends the program (a cobra
	// command's RunE, a manager's runnable), if it does.
	ends ProgramEnd
	// opaqueRunner is the call of another package that takes fn as an
	// interface value (a scheduler's task), or nil: see opaqueRunnerOf.
	opaqueRunner *ast.CallExpr
	// selfReading is set when the failing call is a helper that writes an
	// object of its own (it reads it itself): calling it again retries
	// with a fresh read.
	selfReading bool
	// depth is how many stale rewrites led to this failure's walk (see
	// noteRewrites).
	depth int
}

// failures finds, for a failing call, the function around it and how that
// function is run (deferred, periodically, as a poll condition, by a
// command or by an opaque runner).
type failures struct {
	k *knowledge
}

// traceFailure returns the fate of the failure of the call at cur: a write,
// or a call of a function that returns a write's failure (obj, when valid,
// is the object it writes).
func (t *Tracer) traceFailure(cur inspector.Cursor, obj upstream.Object) Fate {
	f, _ := t.traceWalk(cur, obj)
	return f
}

// traceWalk is traceFailure, with the walk that decided it (nil when no
// walk ran).
func (t *Tracer) traceWalk(cur inspector.Cursor, obj upstream.Object) (Fate, *walker) {
	return t.traceWalkAt(cur, obj, 0)
}

// traceWalkAt is traceWalk for a failure depth stale rewrites away from
// the one traced first.
func (t *Tracer) traceWalkAt(cur inspector.Cursor, obj upstream.Object, depth int) (Fate, *walker) {
	f := t.fs.newFailure(cur, obj)
	if f == nil {
		return HandedOff, nil
	}
	f.depth = depth
	f.selfReading = t.k.callsSelfReadingHelper(f.call)
	body := syntax.FuncBody(f.fn)
	if body == nil {
		return HandedOff, nil
	}
	w := newWalker(t, f, t.CFG(body))
	if outer, ok := calledInPlace(f); ok {
		// The literal hands the failure to the function it is called in,
		// through its call's result: what becomes of it there is what a
		// return of it here does.
		fate, ow := t.traceWalk(outer, f.object)
		w.outer = &fate
		if got := w.run(); got != fate || w.fatal != nil || ow == nil {
			return got, w
		}
		return fate, ow
	}
	return w.run(), w
}

// CalledInPlace returns the call of the function literal at lit when it
// is called where it is written (`err := func() error {...}()`), not by a
// go or defer statement, which drop its results.
func CalledInPlace(lit inspector.Cursor) (inspector.Cursor, bool) {
	call := lit.Parent()
	if ce, ok := call.Node().(*ast.CallExpr); !ok || ce.Fun != lit.Node() {
		return inspector.Cursor{}, false
	}
	switch call.Parent().Node().(type) {
	case *ast.GoStmt, *ast.DeferStmt:
		return inspector.Cursor{}, false
	}
	return call, true
}

// calledInPlace is CalledInPlace for the function that makes f's call.
func calledInPlace(f *failure) (inspector.Cursor, bool) {
	if _, ok := f.fn.(*ast.FuncLit); !ok {
		return inspector.Cursor{}, false
	}
	return CalledInPlace(f.fnCur)
}

func (fs *failures) newFailure(cur inspector.Cursor, obj upstream.Object) *failure {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok {
		return nil
	}
	fnCur := syntax.EnclosingFunc(cur)
	if !fnCur.Valid() {
		return nil
	}
	f := &failure{call: call, cur: cur, object: obj, fn: fnCur.Node(), fnCur: fnCur, sig: signatureOf(fs.k.info, fnCur.Node())}
	if f.sig == nil {
		return nil
	}
	f.loop = syntax.InnermostLoop(cur)
	f.ends = fs.k.programEnd(f.fn)
	if lit, ok := f.fn.(*ast.FuncLit); ok {
		fs.noteLiteralUse(f, fnCur, lit)
	}
	return f
}

// rereads reports whether fn, around the failing call, reads the object
// itself before writing it (or calls a helper that reads its own).
func (fs *failures) rereads(f *failure, fn ast.Node) bool {
	return fs.k.model != nil && (fs.k.callsSelfReadingHelper(f.call) || f.object.Valid() && fs.k.model.ReadsBefore(fn, f.object, f.call))
}

// noteLiteralUse records how a function literal that makes the failing
// call is run: deferred, or as a poll condition. A literal a periodic
// runner (wait.Until) runs is healed on its next tick, not retried: the
// grade says so (upstream.TickLoop).
func (fs *failures) noteLiteralUse(f *failure, fnCur inspector.Cursor, lit *ast.FuncLit) {
	call, arg := fs.literalCall(fnCur, lit)
	if call == nil {
		return
	}
	if call.Fun == lit {
		_, f.deferred = fnCur.Parent().Parent().Node().(*ast.DeferStmt)
		if f.deferred {
			outer := syntax.EnclosingFunc(fnCur.Parent())
			f.outerErrors = namedErrorResults(fs.k.info, outer)
			f.outerResults = namedResults(fs.k.info, outer)
		}
		return
	}
	f.opaqueRunner = fs.opaqueRunnerOf(call, arg)
	callee := fs.k.callee(call)
	rereads := fs.rereads(f, lit)
	if callee != nil && upstream.PollFuncs[upstream.FuncKeyOf(callee)] || fs.takesCondition(call, arg) {
		f.pollCall = call
		f.pollRereads = rereads
	}
}

// takesCondition reports whether call passes fn where a wait condition
// (wait.ConditionFunc, wait.ConditionWithContextFunc) is expected: whoever
// runs it, returning (false, nil) means "not yet, try again".
func (fs *failures) takesCondition(call *ast.CallExpr, fn ast.Expr) bool {
	fun := fs.k.info.TypeOf(call.Fun)
	if fun == nil {
		return false
	}
	sig, ok := fun.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	pt := paramTypeOf(sig, call, fn)
	return pt != nil && (upstream.IsNamed(pt, upstream.WaitPath, "ConditionFunc") || upstream.IsNamed(pt, upstream.WaitPath, "ConditionWithContextFunc"))
}

// callPassingBound returns the call that receives lit through the local
// variable it is bound to (`cond := func() ...; wait.Poll(..., cond)`), and
// the argument that names it, when that is the variable's only use.
func (fs *failures) callPassingBound(bind inspector.Cursor, lit *ast.FuncLit) (*ast.CallExpr, ast.Expr) {
	v := boundVar(fs.k.info, bind.Node(), lit)
	scope := syntax.EnclosingFunc(bind)
	if v == nil || !scope.Valid() {
		return nil, nil
	}
	var uses []inspector.Cursor
	for c := range scope.Preorder((*ast.Ident)(nil)) {
		if fs.k.info.Uses[c.Node().(*ast.Ident)] == v {
			uses = append(uses, c)
		}
	}
	if len(uses) != 1 {
		return nil, nil
	}
	call, ok := uses[0].Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == uses[0].Node() {
		return nil, nil
	}
	return call, uses[0].Node().(*ast.Ident)
}

// boundVar returns the variable that stmt binds to lit, or nil.
func boundVar(info *types.Info, stmt ast.Node, lit *ast.FuncLit) *types.Var {
	var names []*ast.Ident
	var values []ast.Expr
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			id, _ := l.(*ast.Ident)
			names = append(names, id)
		}
		values = s.Rhs
	case *ast.ValueSpec:
		names, values = s.Names, s.Values
	}
	if len(names) != len(values) {
		return nil
	}
	for i, val := range values {
		if val == lit && names[i] != nil {
			v, _ := info.ObjectOf(names[i]).(*types.Var)
			return v
		}
	}
	return nil
}

func signatureOf(info *types.Info, fn ast.Node) *types.Signature {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj, ok := info.Defs[fn.Name].(*types.Func); ok {
			return obj.Signature()
		}
	case *ast.FuncLit:
		sig, _ := info.TypeOf(fn).(*types.Signature)
		return sig
	}
	return nil
}

// namedErrorResults returns the named error results of the function at fn.
func namedErrorResults(info *types.Info, fn inspector.Cursor) []*types.Var {
	return slices.DeleteFunc(namedResults(info, fn), func(v *types.Var) bool { return !upstream.IsErrorType(v.Type()) })
}

// namedResults returns the named results of the function at fn.
func namedResults(info *types.Info, fn inspector.Cursor) []*types.Var {
	if !fn.Valid() {
		return nil
	}
	sig := signatureOf(info, fn.Node())
	if sig == nil {
		return nil
	}
	var out []*types.Var
	for i := range sig.Results().Len() {
		if v := sig.Results().At(i); v.Name() != "" {
			out = append(out, v)
		}
	}
	return out
}
