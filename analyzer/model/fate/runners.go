package fate

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"golang.org/x/tools/go/ast/inspector"
)

// Whoever runs a function decides the fate of the error it returns: cobra
// ends the program on a command's error (commands.go), a runner whose
// parameter is a function with an error result returns or acts on it, and
// one that takes the function as an interface value is not known to.

// runnerFate turns an error returned from the function into what the code
// that runs it does with it: cobra prints a command's error and main
// exits, a manager stops on a runnable's;
// a runner that takes the function as an interface value (a scheduler's
// task) is not known to act on it, so the failure is lost there.
func (w *walker) runnerFate(f Fate) Fate {
	switch {
	case f < ReturnedOther:
		return f
	case w.vals.f.ends != NoEnd:
		return Fatal
	case w.vals.f.opaqueRunner != nil:
		return Abandoned
	}
	return f
}

// opaqueRunnerOf returns call when it hands fn to a function of another
// package through a parameter of interface type, as schedulers take their
// tasks (gocron's Do and NewTask take `any`): such a runner calls fn by
// reflection, and its signature makes no promise to act on the error fn
// returns, so a failure fn returns is lost there. Test frameworks that act
// on that error (gomega, ginkgo, gomock) are not opaque.
func (fs *failures) opaqueRunnerOf(call *ast.CallExpr, fn ast.Expr) *ast.CallExpr {
	callee := fs.k.callee(call)
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == fs.k.pkg || isTestSurface(callee) || upstream.ActingRunnerPackages[syntax.PkgPath(callee.Pkg())] {
		return nil
	}
	pt := paramTypeOf(callee.Signature(), call, fn)
	if _, generic := pt.(*types.TypeParam); pt == nil || generic || !types.IsInterface(pt) {
		return nil // a type parameter is instantiated with fn's own type
	}
	return call
}

// paramTypeOf returns the type of the parameter of sig that receives arg in
// call, or nil.
func paramTypeOf(sig *types.Signature, call *ast.CallExpr, arg ast.Expr) types.Type {
	params := sig.Params()
	for i, a := range call.Args {
		if a != arg {
			continue
		}
		switch {
		case sig.Variadic() && i >= params.Len()-1 && call.Ellipsis == token.NoPos:
			if s, ok := params.At(params.Len() - 1).Type().(*types.Slice); ok {
				return s.Elem()
			}
		case i < params.Len():
			return params.At(i).Type()
		}
	}
	return nil
}

// OpaqueRunner returns the call that takes the function literal around cur
// as an interface value (see opaqueRunnerOf), or nil: a failure that
// literal returns is lost there.
func (t *Tracer) OpaqueRunner(cur inspector.Cursor) *ast.CallExpr {
	fnCur := syntax.EnclosingFunc(cur)
	if !fnCur.Valid() {
		return nil
	}
	lit, ok := fnCur.Node().(*ast.FuncLit)
	if !ok {
		return nil
	}
	call, arg := t.fs.literalCall(fnCur, lit)
	if call == nil || call.Fun == lit {
		return nil
	}
	return t.fs.opaqueRunnerOf(call, arg)
}

// literalCall returns the call that lit (at fnCur) is an argument of,
// directly or through the variable it is bound to, and the argument.
func (fs *failures) literalCall(fnCur inspector.Cursor, lit *ast.FuncLit) (*ast.CallExpr, ast.Expr) {
	parent := fnCur.Parent()
	if call, ok := parent.Node().(*ast.CallExpr); ok {
		return call, lit
	}
	return fs.callPassingBound(parent, lit)
}

// FatalEnd says what ends the program for the failure of the call at cur
// when its fate is Fatal: the call that does (log.Fatalf, panic, os.Exit),
// or, when the function's returned error does, nil and the runner that
// ends the program with it (a cobra command's RunE, a manager's runnable).
// Both are zero for other fates.
func (t *Tracer) FatalEnd(cur inspector.Cursor) (call *ast.CallExpr, end ProgramEnd) {
	f, w := t.traceWalk(cur, t.objectOfFailure(cur))
	if f != Fatal || w == nil {
		return nil, NoEnd
	}
	if w.fatal != nil {
		return w.fatal, NoEnd
	}
	return nil, w.vals.f.ends
}

// fatalCallAbove returns the innermost call around cur, inside stop, that
// does not return (the failure is its argument), or nil.
func (t *Tracer) fatalCallAbove(cur inspector.Cursor, stop ast.Node) *ast.CallExpr {
	for c := cur.Parent(); c.Node() != nil && c.Node() != stop; c = c.Parent() {
		if call, ok := c.Node().(*ast.CallExpr); ok && !t.k.mayReturn(call) {
			return call
		}
	}
	return nil
}
