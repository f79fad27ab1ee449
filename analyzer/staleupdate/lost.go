package staleupdate

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// A stale second write after a failed one conflicts too; what that costs
// depends on where its own Conflict goes. Handed on (returned to
// controller-runtime, requeued), the retry reads the object again and
// redoes both changes: nothing is lost. So a second write is reported
// after a failure only when its Conflict is proven lost: where it happens,
// or at a caller in this package of the function that returns it. A write
// retried after its own failure (w == w2) is reported whatever its fate:
// each of its retries is bound to fail.

// conflictLost reports whether a Conflict of w2 is proven lost.
func (c *checker) conflictLost(w2 *model.Write) bool {
	return c.lostAt(w2.Cursor, w2.FuncNode, make(map[*types.Func]bool))
}

// lostAt reports whether the failure of the call at cur, in function
// fnNode, is lost there or, when the function returns it, at one of its
// callers.
func (c *checker) lostAt(cur inspector.Cursor, fnNode ast.Node, seen map[*types.Func]bool) bool {
	f := c.tracer.Trace(cur)
	if f.Lost() || !f.HandsOn() {
		return f.Lost() // unknown, requeued, retried: not proven lost
	}
	fn := c.funcOf(fnNode)
	if fn == nil || seen[fn] {
		return false // a function literal's callers are out of view
	}
	seen[fn] = true
	for _, rc := range c.res.ReturnerCalls() {
		if rc.Callee != fn {
			continue
		}
		if at := c.res.CursorOf(rc); c.lostAt(at, syntax.EnclosingFuncNode(at), seen) {
			return true
		}
	}
	return false
}

// funcOf returns the declared function of fnNode, or nil for a literal.
func (c *checker) funcOf(fnNode ast.Node) *types.Func {
	decl, ok := fnNode.(*ast.FuncDecl)
	if !ok {
		return nil
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return fn
}
