package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
	"golang.org/x/tools/go/ast/inspector"
)

// failure is the failing call a walk follows, and what the walk needs to
// know about the function around it.
type failure struct {
	call   *ast.CallExpr
	cur    inspector.Cursor // at call
	object api.Object       // the object written, when known
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
	// periodic is set when fn is run again on a timer (wait.Until and
	// friends) and reads the object itself before the write: a lost
	// failure is retried on the next turn.
	periodic bool
	// pollCall is the wait.Poll call that runs fn as its condition, or nil.
	pollCall *ast.CallExpr
	// pollRereads is set when fn is such a condition and reads the object
	// itself: returning (false, nil) makes wait run it again.
	pollRereads bool
	// endsCommand is set when fn is a cobra command's RunE (or stored
	// there): an error it returns ends the program.
	endsCommand bool
	// opaqueRunner is the call of another package that takes fn as an
	// interface value (a scheduler's task), or nil: see opaqueRunnerOf.
	opaqueRunner *ast.CallExpr
	// selfReading is set when the failing call is a helper that writes an
	// object of its own (it reads it itself): calling it again retries
	// with a fresh read.
	selfReading bool
}

// traceFailure returns the fate of the failure of the call at cur: a write,
// or a call of a function that returns a write's failure (obj, when valid,
// is the object it writes).
func (t *Tracer) traceFailure(cur inspector.Cursor, obj api.Object) Fate {
	f, _ := t.traceWalk(cur, obj)
	return f
}

// traceWalk is traceFailure, with the walk that decided it (nil when no
// walk ran).
func (t *Tracer) traceWalk(cur inspector.Cursor, obj api.Object) (Fate, *walker) {
	f := t.newFailure(cur, obj)
	if f == nil {
		return HandedOff, nil
	}
	f.selfReading = t.callsSelfReadingHelper(f.call)
	body := syntax.FuncBody(f.fn)
	if body == nil {
		return HandedOff, nil
	}
	w := &walker{t: t, f: f, g: t.CFG(body), seen: make(map[string]bool)}
	return w.run(), w
}

func (t *Tracer) newFailure(cur inspector.Cursor, obj api.Object) *failure {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok {
		return nil
	}
	fnCur := syntax.EnclosingFunc(cur)
	if !fnCur.Valid() {
		return nil
	}
	f := &failure{call: call, cur: cur, object: obj, fn: fnCur.Node(), fnCur: fnCur, sig: t.signatureOf(fnCur.Node())}
	if f.sig == nil {
		return nil
	}
	f.loop = syntax.InnermostLoop(cur)
	f.endsCommand = t.endsCommand(f.fn)
	switch fn := f.fn.(type) {
	case *ast.FuncLit:
		t.noteLiteralUse(f, fnCur, fn)
	case *ast.FuncDecl:
		// go wait.Until(c.sync, period, stop): the method runs again
		// on a timer, as a literal given there does.
		if def, ok := t.info.Defs[fn.Name].(*types.Func); ok && t.sum.periodic[def] {
			f.periodic = t.rereads(f, fn)
		}
	}
	return f
}

// rereads reports whether fn, around the failing call, reads the object
// itself before writing it (or calls a helper that reads its own).
func (t *Tracer) rereads(f *failure, fn ast.Node) bool {
	return t.model != nil && (t.callsSelfReadingHelper(f.call) || f.object.Valid() && t.model.ReadsBefore(fn, f.object, f.call))
}

// findPeriodicFuncs returns the functions of the package that a periodic
// runner (wait.Until and friends) runs somewhere in the package: given to
// it by name or as a method value, or called directly by a literal given
// to it (wait.UntilWithContext(ctx, func(ctx) { c.sync(ctx) }, d)). A
// function called further down is not: what it is handed each turn may
// not be read afresh.
func (t *Tracer) findPeriodicFuncs() map[*types.Func]bool {
	out := make(map[*types.Func]bool)
	if t.model == nil {
		return out
	}
	for _, file := range t.model.Files() {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if callee := api.Callee(t.info, call); callee == nil || !api.PeriodicFuncs[api.FuncKeyOf(callee)] {
				return true
			}
			for _, arg := range call.Args {
				if fn := api.FuncValue(t.info, arg); fn != nil {
					out[fn.Origin()] = true
				}
				if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
					t.markCalledBy(lit.Body, out)
				}
			}
			return true
		})
	}
	return out
}

// markCalledBy marks in periodic the package's functions that body calls
// directly (not in a nested literal).
func (t *Tracer) markCalledBy(body *ast.BlockStmt, periodic map[*types.Func]bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := api.FuncValue(t.info, n.Fun); fn != nil && fn.Pkg() == t.pkg {
				periodic[fn.Origin()] = true
			}
		}
		return true
	})
}

// noteLiteralUse records how a function literal that makes the failing
// call is run: deferred, periodically, or as a poll condition.
func (t *Tracer) noteLiteralUse(f *failure, fnCur inspector.Cursor, lit *ast.FuncLit) {
	call, arg := t.literalCall(fnCur, lit)
	if call == nil {
		return
	}
	if call.Fun == lit {
		_, f.deferred = fnCur.Parent().Parent().Node().(*ast.DeferStmt)
		if f.deferred {
			f.outerErrors = t.namedErrorResults(syntax.EnclosingFunc(fnCur.Parent()))
		}
		return
	}
	f.opaqueRunner = t.opaqueRunnerOf(call, arg)
	callee := t.callee(call)
	rereads := t.rereads(f, lit)
	switch {
	case callee != nil && api.PeriodicFuncs[api.FuncKeyOf(callee)]:
		f.periodic = rereads
	case callee != nil && api.PollFuncs[api.FuncKeyOf(callee)], t.takesCondition(call, arg):
		f.pollCall = call
		f.pollRereads = rereads
	}
}

// takesCondition reports whether call passes fn where a wait condition
// (wait.ConditionFunc, wait.ConditionWithContextFunc) is expected: whoever
// runs it, returning (false, nil) means "not yet, try again".
func (t *Tracer) takesCondition(call *ast.CallExpr, fn ast.Expr) bool {
	fun := t.info.TypeOf(call.Fun)
	if fun == nil {
		return false
	}
	sig, ok := fun.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	pt := paramTypeOf(sig, call, fn)
	return pt != nil && (api.IsNamed(pt, api.WaitPath, "ConditionFunc") || api.IsNamed(pt, api.WaitPath, "ConditionWithContextFunc"))
}

// callPassingBound returns the call that receives lit through the local
// variable it is bound to (`cond := func() ...; wait.Poll(..., cond)`), and
// the argument that names it, when that is the variable's only use.
func (t *Tracer) callPassingBound(bind inspector.Cursor, lit *ast.FuncLit) (*ast.CallExpr, ast.Expr) {
	v := boundVar(t.info, bind.Node(), lit)
	scope := syntax.EnclosingFunc(bind)
	if v == nil || !scope.Valid() {
		return nil, nil
	}
	var uses []inspector.Cursor
	for c := range scope.Preorder((*ast.Ident)(nil)) {
		if t.info.Uses[c.Node().(*ast.Ident)] == v {
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

func (t *Tracer) signatureOf(fn ast.Node) *types.Signature {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj, ok := t.info.Defs[fn.Name].(*types.Func); ok {
			return obj.Signature()
		}
	case *ast.FuncLit:
		sig, _ := t.info.TypeOf(fn).(*types.Signature)
		return sig
	}
	return nil
}

// namedErrorResults returns the named error results of the function at fn.
func (t *Tracer) namedErrorResults(fn inspector.Cursor) []*types.Var {
	if !fn.Valid() {
		return nil
	}
	sig := t.signatureOf(fn.Node())
	if sig == nil {
		return nil
	}
	var out []*types.Var
	for i := range sig.Results().Len() {
		if v := sig.Results().At(i); v.Name() != "" && api.IsErrorType(v.Type()) {
			out = append(out, v)
		}
	}
	return out
}
