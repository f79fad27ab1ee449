package typeinfo

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns what call calls: a function or method (as its generic
// origin, so that the calls of every instantiation name one object), a
// builtin, or the variable or field whose func value is called; nil for a
// conversion, a call of a literal or of another call's result, and where
// info records nothing.
//
// It is the project's one call of typeutil.Callee. It sits on this floor,
// below upstream, because the edit kit (internal/fixes) resolves callees
// too and may import nothing above the shared helpers (TestLayering). The
// model and the checks ask upstream instead (upstream.Callee and its matchers),
// which is built on this.
func Callee(info *types.Info, call *ast.CallExpr) types.Object {
	return typeutil.Callee(info, call) // a *types.Func is already the origin
}
