package fate

import (
	"go/ast"
	"go/types"
)

// OnConflict decides cond on a Conflict carried by the expressions failure
// accepts, with the evaluator the fate walk uses (conflicttests.go):
// decided is false when it cannot tell, and holds is cond's value on the
// Conflict otherwise. It sees no status views, so a test through one is
// undecided.
func (t *Tracer) OnConflict(cond ast.Expr, failure func(ast.Expr) bool) (holds, decided bool) {
	v := conflictEval{k: t.k, failure: failure, view: func(*types.Var) bool { return false }}.test(cond)
	return v == truthTrue, v != truthUnknown
}
