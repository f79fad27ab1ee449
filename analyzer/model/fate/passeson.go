package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A helper that notes an error somewhere and returns it (a tracing span's
// HandleError(err, span), a wrap that returns nil for nil) gives back a
// non-nil error whenever it is handed one: returning its result hands a
// failure on as returning the error itself does. Such a helper "passes
// on" its error parameter: every return gives that parameter, unchanged,
// or an error that cannot be nil while it is not, except the returns
// under `if err == nil`.

// passesOn returns the index of the error parameter fn passes on; ok is
// false when it passes none on, or the tracer cannot tell.
func (k *knowledge) passesOn(fn *types.Func) (int, bool) {
	if fn.Pkg() != nil && k.pkg != nil && fn.Pkg() != k.pkg {
		p, ok := k.foreign.PassesOn[fn]
		return p, ok
	}
	p, ok := k.sum.passesOn[fn.Origin()]
	return p, ok
}

// PassesOn returns the index of the error parameter fn, a function of
// this package, passes on (see passesOn).
func (t *Tracer) PassesOn(fn *types.Func) (int, bool) { return t.k.passesOn(fn) }

// HelperErrors judges the functions decls of a package the model does
// not walk at all (a tracing or error helper package) by their bodies
// alone, with the package's other summaries (summarize, without a
// model): which pass an error argument on (passesOn), and which are
// error constructors that never return nil (neverNil), as the helper
// package exports them to the controllers that import it.
func HelperErrors(info *types.Info, pkg *types.Package, decls map[*types.Func]*ast.FuncDecl, foreign Foreign) (passesOn map[*types.Func]int, neverNil map[*types.Func]bool) {
	k := &knowledge{info: info, pkg: pkg, foreign: foreign}
	(&summarizer{k: k}).summarize(decls, false)
	return k.sum.passesOn, k.sum.neverNil
}

// passedOnParam judges fn, declared by decl, from its body.
func (k *knowledge) passedOnParam(fn *types.Func, decl *ast.FuncDecl) (int, bool) {
	sig := fn.Signature()
	res := sig.Results()
	if decl.Body == nil || !upstream.EndsInError(sig) {
		return 0, false
	}
	p := firstErrorParam(sig)
	if p < 0 {
		return 0, false
	}
	param := sig.Params().At(p)
	if assigns(k.info, decl.Body, param) {
		return 0, false
	}
	st := pathState{nonNil: []*types.Var{param}}
	all, returns := true, 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if k.isNilTestOf(n.Cond, param) {
				// the then branch runs only for a nil argument
				for _, s := range []ast.Node{n.Init, n.Cond, n.Else} {
					if s != nil {
						ast.Inspect(s, func(m ast.Node) bool { return all && k.visitReturn(m, res.Len(), st, &returns, &all) })
					}
				}
				return false
			}
		}
		return all && k.visitReturn(n, res.Len(), st, &returns, &all)
	})
	return p, all && returns > 0
}

// visitReturn judges n when it is a return statement: it must give an
// error that cannot be nil on st. It returns whether to look inside n.
func (k *knowledge) visitReturn(n ast.Node, results int, st pathState, returns *int, all *bool) bool {
	if _, lit := n.(*ast.FuncLit); lit {
		return false
	}
	ret, ok := n.(*ast.ReturnStmt)
	if !ok {
		return true
	}
	*returns++
	*all = *all && len(ret.Results) == results && k.nonNilExpr(ret.Results[results-1], st)
	return false
}

// isNilTestOf reports whether cond is `v == nil`.
func (k *knowledge) isNilTestOf(cond ast.Expr, v *types.Var) bool {
	x, neq, ok := truth.NilTest(cond)
	if !ok || neq {
		return false
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && k.info.Uses[id] == v
}

// firstErrorParam returns the index of sig's first parameter of type
// error, or -1.
func firstErrorParam(sig *types.Signature) int {
	for i := range sig.Params().Len() {
		if upstream.IsErrorType(sig.Params().At(i).Type()) {
			return i
		}
	}
	return -1
}

// assigns reports whether body assigns v, steps it or takes its address
// (nested literals included).
func assigns(info *types.Info, body ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		for _, target := range changedBy(n) {
			if id, ok := ast.Unparen(target).(*ast.Ident); ok && target != nil && info.ObjectOf(id) == v {
				found = true
			}
		}
		return !found
	})
	return found
}
