package model

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A write in a function that sync.Once runs (`once.Do(func() { ...
// Update ... })`, or a literal handed to sync.OnceFunc and its kin) runs
// once per process: the reconcile that the watch runs again, or the next
// tick, passes the Once by, so a write lost there is lost for good
// (OpenFunction's Serving controller sets knative's feature flags so).

// runsOnce reports whether a function literal around cur is handed to a
// sync.Once or one of sync's Once wrappers.
func runsOnce(info *types.Info, cur inspector.Cursor) bool {
	if info == nil {
		return false
	}
	for c := cur.Parent(); c.Node() != nil; c = c.Parent() {
		lit, ok := c.Node().(*ast.FuncLit)
		if !ok {
			continue
		}
		call, ok := c.Parent().Node().(*ast.CallExpr)
		if ok && slices.Contains(call.Args, ast.Expr(lit)) && isOnceCall(info, call) {
			return true
		}
	}
	return false
}

// isOnceCall reports whether call is (*sync.Once).Do, sync.OnceFunc,
// sync.OnceValue or sync.OnceValues.
func isOnceCall(info *types.Info, call *ast.CallExpr) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		tn := namedOf(recv.Type())
		return fn.Name() == "Do" && tn != nil && tn.Name() == "Once"
	}
	switch fn.Name() {
	case "OnceFunc", "OnceValue", "OnceValues":
		return true
	}
	return false
}
