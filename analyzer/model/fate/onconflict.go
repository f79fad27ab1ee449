package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
)

// OnConflict decides cond on a Conflict carried by the expressions failure
// accepts, with the evaluator the fate walk uses (conflicttests.go):
// Unknown when it cannot tell. It sees no status views, so a test through
// one is undecided.
func (t *Tracer) OnConflict(cond ast.Expr, failure func(ast.Expr) bool) truth.Value {
	return conflictEval{p: t.k.preds, failure: failure, view: func(*types.Var) bool { return false }}.test(cond)
}
