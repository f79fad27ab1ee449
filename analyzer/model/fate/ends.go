package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// endsOf returns how a call of fn ends its caller's run when fn never
// returns, and 0 when it may: Surfaced when it fails the test on its way
// (an e2e framework's Failf: ginkgo.Fail, then panic), Fatal when it ends
// the program. A function of this package never returns when its body has
// no return statement and ends in such a call; those of other packages are
// known by their facts. Only the body's shape is read, so a function that
// fails only on some paths may return.
func (k *knowledge) endsOf(fn *types.Func) Fate {
	fn = fn.Origin()
	if fn.Pkg() != nil && k.pkg != nil && fn.Pkg() != k.pkg {
		return k.foreign.Ends[fn]
	}
	return k.sum.ends[fn]
}

// bodyEnds returns how body ends the run when no path through it returns.
func (k *knowledge) bodyEnds(body *ast.BlockStmt) Fate {
	if len(body.List) == 0 || syntax.HasReturn(body) {
		return 0
	}
	last, ok := body.List[len(body.List)-1].(*ast.ExprStmt)
	if !ok {
		return 0
	}
	call, ok := ast.Unparen(last.X).(*ast.CallExpr)
	if !ok || k.mayReturn(call) {
		return 0
	}
	end := Fatal
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := upstream.Callee(k.info, n); fn != nil && (isTestSurface(fn) || k.endsOf(fn) == Surfaced) {
				end = Surfaced
			}
		}
		return true
	})
	return end
}
