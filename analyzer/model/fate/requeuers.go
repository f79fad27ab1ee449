package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Functions that answer with a reconcile.Result: a project's requeue
// helper (`return ctrlutil.RequeueAfter(ctx, d, "")`) asks for a requeue
// on every return, a done helper for none. Their answers are worked out
// once, before any walk, as a fixed point over the package's functions in
// source order; those of other packages come from facts. Returning the
// result of a call that has no such answer is Unknown, not a loss.

// ResultVerdict is what every return of a function's reconcile.Result
// asks for.
type ResultVerdict int

const (
	ResultMixed    ResultVerdict = iota // no single answer
	ResultRequeues                      // a requeue on every return
	ResultQuiet                         // no requeue and a nil error on every return
)

// ResultVerdicts returns the answer of each function of files whose
// results hold a reconcile.Result, when every return agrees. foreign holds
// the answers of other packages' functions.
func ResultVerdicts(info *types.Info, files []*ast.File, foreign map[types.Object]ResultVerdict) map[*types.Func]ResultVerdict {
	k := &knowledge{info: info, foreign: Foreign{Results: foreign}, results: map[*types.Func]ResultVerdict{}, preds: newPredicateTable(info, nil, nil)}
	type candidate struct {
		fn   *types.Func
		decl *ast.FuncDecl
	}
	var cands []candidate
	for fn, decl := range syntax.FuncDecls(info, files) {
		if resultIndex(fn.Signature()) >= 0 {
			cands = append(cands, candidate{fn, decl})
		}
	}
	graph.Saturate(cands, func(c candidate) bool {
		if _, done := k.results[c.fn]; done {
			return false
		}
		v := k.returnsVerdict(c.fn.Signature(), c.decl.Body)
		if v == ResultMixed {
			return false
		}
		k.results[c.fn] = v
		return true
	})
	return k.results
}

// resultIndex returns the index of a reconcile.Result (or *Result) result,
// or -1.
func resultIndex(sig *types.Signature) int {
	for i := range sig.Results().Len() {
		if isReconcileResult(sig.Results().At(i).Type()) {
			return i
		}
	}
	return -1
}

// ReturnsReconcileResult reports whether a function of signature sig
// returns a controller-runtime reconcile.Result (by value or pointer):
// its error goes to the work queue, which requeues the request.
func ReturnsReconcileResult(sig *types.Signature) bool { return resultIndex(sig) >= 0 }

func isReconcileResult(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return upstream.IsNamed(t, upstream.ReconcilePath, "Result")
}

// returnsVerdict returns what every return of body (outside literals) asks
// for.
func (k *knowledge) returnsVerdict(sig *types.Signature, body *ast.BlockStmt) ResultVerdict {
	verdict, first := ResultMixed, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			v := k.returnVerdict(sig, n)
			if first {
				verdict, first = v, false
			} else if v != verdict {
				verdict = ResultMixed
			}
		}
		return true
	})
	return verdict
}

// returnVerdict judges one return.
func (k *knowledge) returnVerdict(sig *types.Signature, ret *ast.ReturnStmt) ResultVerdict {
	if len(ret.Results) == 1 && sig.Results().Len() > 1 {
		if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
			return k.callResultVerdict(call)
		}
		return ResultMixed
	}
	if len(ret.Results) != sig.Results().Len() {
		return ResultMixed
	}
	i := resultIndex(sig)
	if isRequeueResult(k.info, ret.Results[i]) {
		return ResultRequeues
	}
	lit, ok := upstream.StripAddr(ret.Results[i]).(*ast.CompositeLit)
	if !ok {
		return ResultMixed
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); !ok || !isZeroLit(kv.Value) {
			return ResultMixed
		}
	}
	for j, e := range ret.Results {
		if j != i && !truth.IsNil(e) && !isZeroLit(e) {
			return ResultMixed
		}
	}
	return ResultQuiet
}

// callResultVerdict returns the answer of the function call calls.
func (k *knowledge) callResultVerdict(call *ast.CallExpr) ResultVerdict {
	fn := upstream.Callee(k.info, call)
	if fn == nil {
		return ResultMixed
	}
	if v, ok := k.results[fn.Origin()]; ok {
		return v
	}
	return k.foreign.Results[fn.Origin()]
}

// returnsUnanswered reports whether ret returns, in place of the failure,
// the results of a call that can carry a requeue but has no answer: a
// helper of another package without a fact, or a method of an interface.
func (ex *exits) returnsUnanswered(ret *ast.ReturnStmt) bool {
	for _, e := range ret.Results {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := upstream.Callee(ex.k.info, call)
		if fn == nil || resultIndex(fn.Signature()) < 0 {
			continue
		}
		if ex.k.callResultVerdict(call) == ResultMixed && (fn.Pkg() != ex.k.pkg || isInterfaceMethod(fn)) {
			return true
		}
	}
	return false
}

// isInterfaceMethod reports whether fn is a method of an interface.
func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}
