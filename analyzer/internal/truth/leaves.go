package truth

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// The shapes of leaves every check reads alike. Type information may have
// holes (analyzer/internal/typeinfo), so the predeclared true, false and
// nil are also known by name where it records nothing.

// Const returns the value of e when it is a boolean constant: a constant
// expression the type checker evaluated, or the predeclared true or false.
// It is Unknown for anything else, and for a nil e.
func Const(info *types.Info, e ast.Expr) Value {
	if e == nil {
		return Unknown
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.Bool {
			return Of(constant.BoolVal(tv.Value))
		}
		return Unknown
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || !predeclared(info, id) {
		return Unknown
	}
	switch id.Name {
	case "true":
		return True
	case "false":
		return False
	}
	return Unknown
}

// NilTest returns x when e is `x != nil` or `x == nil` (or the same with
// nil first), and whether it is !=. nil is known by name: a package that
// shadows it is not worth the type information a caller may lack.
func NilTest(e ast.Expr) (x ast.Expr, neq, ok bool) {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return nil, false, false
	}
	switch {
	case IsNil(b.X):
		return b.Y, b.Op == token.NEQ, true
	case IsNil(b.Y):
		return b.X, b.Op == token.NEQ, true
	}
	return nil, false, false
}

// IsNil reports whether e is the identifier nil.
func IsNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// predeclared reports whether id names a predeclared object, or nothing
// the type information records.
func predeclared(info *types.Info, id *ast.Ident) bool {
	obj := info.Uses[id]
	return obj == nil || obj.Parent() == types.Universe
}
