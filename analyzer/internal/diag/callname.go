package diag

import (
	"go/ast"
	"go/types"
	"strings"
)

// maxArgLen bounds an argument CallName keeps.
const maxArgLen = 20

// CallName names a call in a message by what it calls, not by what it
// passes: the method with its receiver chain, never the call's own
// arguments.
//
//	clientset.AppsV1().Deployments(d.Namespace).Update(ctx, d, opts) -> Deployments(d.Namespace).Update
//	r.Status().Update(ctx, &deploy)                                  -> Status().Update
//	s.c.Update(ctx, &cm)                                             -> s.c.Update
//	kubeutil.Annotate(ctx, r.Client, deploy, key, "v2")              -> kubeutil.Annotate
//
// The rule: when the receiver chain holds a call, the name starts at the
// last such call (what comes before it, a clientset and its group
// accessor, says nothing the resource does not); otherwise the whole chain
// of names stays. An argument of that intermediate call stays when it is a
// name, a selection of names or a literal of at most 20 characters, and
// becomes … otherwise. A call through anything else (a func value
// returned by a call, an index) is printed with the same shortening.
func CallName(call *ast.CallExpr) string {
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok { // an explicit instantiation: f[T](...)
		if _, isCall := ast.Unparen(ix.X).(*ast.CallExpr); !isCall {
			fun = ix.X
		}
	}
	if start := lastCallIn(fun); start != nil {
		return shortCall(start) + strings.TrimPrefix(types.ExprString(fun), types.ExprString(start))
	}
	return types.ExprString(fun)
}

// lastCallIn returns the call nearest to the method in the selector chain
// e, or nil.
func lastCallIn(e ast.Expr) *ast.CallExpr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.CallExpr:
			return x
		default:
			return nil
		}
	}
}

// shortCall prints call with its function's last name and its short
// arguments.
func shortCall(call *ast.CallExpr) string {
	name := types.ExprString(call.Fun)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		name = sel.Sel.Name
	}
	args := make([]string, len(call.Args))
	for i, a := range call.Args {
		args[i] = shortArg(a)
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

func shortArg(a ast.Expr) string {
	s := types.ExprString(a)
	if len(s) > maxArgLen || !plain(a) {
		return "…"
	}
	return s
}

// plain reports whether e is a name, a selection of names or a literal.
func plain(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return plain(x.X)
	}
	return false
}
