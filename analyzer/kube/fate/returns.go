package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// returnFate judges a return statement reached on a path.
func (w *walker) returnFate(ret *ast.ReturnStmt, st pathState) Fate {
	f := st.best
	if w.t.returnsRequeue(ret) || st.conflict {
		f = max(f, Handled) // a requeue, or a return the code chose for a Conflict
	}
	if w.f.pollCall != nil {
		return max(f, w.pollReturnFate(ret, st))
	}
	if st.testedIn != nil && w.signalsFailure(ret) {
		f = max(f, HandedOff) // `return false` after testing the error: the caller learns it failed
	}
	if w.returnsCount(ret, st) {
		f = max(f, HandedOff) // the caller gets the count of failures
	}
	for i, e := range w.errorResults(ret) {
		switch {
		case e == nil:
			if v := w.namedResult(i); v != nil && st.carries(v) {
				f = max(f, Returned)
			} else if v != nil && st.isNonNil(v) {
				f = max(f, ReturnedOther)
			}
		case w.carries(e, st):
			f = max(f, Returned)
		case w.t.nonNilExpr(e, st):
			f = max(f, ReturnedOther)
		}
	}
	return f
}

// signalsFailure reports whether ret gives the constant false for a bool
// result of a function without an error result: the failure reaches the
// caller as a value it can act on (adopted, ok := c.adopt(...)).
func (w *walker) signalsFailure(ret *ast.ReturnStmt) bool {
	res := w.f.sig.Results()
	if len(ret.Results) != res.Len() {
		return false
	}
	for i := range res.Len() {
		if api.IsErrorType(res.At(i).Type()) {
			return false
		}
	}
	for i, e := range ret.Results {
		if b, ok := res.At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool && boolConst(e) == truthFalse {
			return true
		}
	}
	return false
}

// errorResults returns, for each error result of the function, the
// expression returned there (nil for a bare return with named results).
func (w *walker) errorResults(ret *ast.ReturnStmt) map[int]ast.Expr {
	res := w.f.sig.Results()
	out := make(map[int]ast.Expr)
	for i := range res.Len() {
		if !api.IsErrorType(res.At(i).Type()) {
			continue
		}
		switch {
		case len(ret.Results) == 0:
			out[i] = nil
		case len(ret.Results) == res.Len():
			out[i] = ret.Results[i]
		case len(ret.Results) == 1:
			out[i] = ret.Results[0] // return f(): the error rides in the call
		}
	}
	return out
}

func (w *walker) namedResult(i int) *types.Var {
	v := w.f.sig.Results().At(i)
	if v.Name() == "" || v.Name() == "_" {
		return nil
	}
	return v
}

// returnsFailure reports whether ret hands on value, the failing call
// itself, as an error result.
func (w *walker) returnsFailure(ret *ast.ReturnStmt, value ast.Node) bool {
	for _, e := range w.errorResults(ret) {
		if e != nil && syntax.Within(value, e) {
			return true
		}
	}
	return false
}

// pollReturnFate judges a return of a wait.Poll condition: (false, nil)
// makes wait run it again, which retries when it re-reads the object; an
// error stops the poll and shares the fate of the poll's own error.
func (w *walker) pollReturnFate(ret *ast.ReturnStmt, st pathState) Fate {
	if len(ret.Results) != 2 {
		return st.best
	}
	done, err := ret.Results[0], ret.Results[1]
	if isNilIdent(err) {
		if (isFalse(done) || w.eval(done, st) == truthFalse) && w.f.pollRereads {
			return Retried
		}
		return st.best
	}
	if w.carries(err, st) || w.t.nonNilExpr(err, st) {
		cur, ok := w.f.cur.Inspector().Root().FindNode(w.f.pollCall) // the poll call is outside fn
		if !ok {
			return HandedOff
		}
		return w.t.traceFailure(cur, api.Object{})
	}
	return st.best
}

func isFalse(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "false"
}
