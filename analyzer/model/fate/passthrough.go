package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A project may return its result through a function that only hands its
// arguments back (minio's `return WrapResult(Result{RequeueAfter: 5 *
// time.Second}, nil)`, kept so that returns are easy to find): a requeue
// in such an argument is returned as if it were written in the return.

// passThroughs returns the functions of decls whose body is one return of
// some of their parameters, unchanged: for each result, the index of the
// parameter it is, or -1.
func passThroughs(info *types.Info, decls map[*types.Func]*ast.FuncDecl) map[*types.Func][]int {
	out := make(map[*types.Func][]int)
	for fn, decl := range decls {
		if idx := passedParams(info, fn, decl); idx != nil {
			out[fn] = idx
		}
	}
	return out
}

// passedParams returns, for decl a pass-through, the parameter index of
// each of its results; nil when decl is none.
func passedParams(info *types.Info, fn *types.Func, decl *ast.FuncDecl) []int {
	sig := fn.Signature()
	if decl.Body == nil || len(decl.Body.List) != 1 || sig.Variadic() {
		return nil
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 || len(ret.Results) != sig.Results().Len() {
		return nil
	}
	idx := make([]int, len(ret.Results))
	passes := false
	for i, e := range ret.Results {
		idx[i] = paramIndex(sig, info.Uses[syntax.Ident(e)])
		passes = passes || idx[i] >= 0
	}
	if !passes {
		return nil
	}
	return idx
}

// paramIndex returns the index of obj among sig's parameters, or -1.
func paramIndex(sig *types.Signature, obj types.Object) int {
	for i := range sig.Params().Len() {
		if obj != nil && sig.Params().At(i) == obj {
			return i
		}
	}
	return -1
}

// passesRequeue reports whether call is a pass-through of the package that
// returns an argument asking for a requeue.
func (k *knowledge) passesRequeue(call *ast.CallExpr) bool {
	fn := upstream.Callee(k.info, call)
	if fn == nil {
		return false
	}
	for _, p := range k.sum.passThrough[fn.Origin()] {
		if p >= 0 && p < len(call.Args) && carriesRequeue(k.info, call.Args[p], 0) {
			return true
		}
	}
	return false
}
