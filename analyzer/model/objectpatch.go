package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A typed or dynamic Patch whose body is the whole object marshalled to
// JSON sends the object's resourceVersion with it, and the server takes a
// resourceVersion in a patch as a precondition: the patch fails with
// Conflict when the object changed since it was read, like an Update.
//
//	data, _ := json.Marshal(node)
//	c.CoreV1().Nodes().Patch(ctx, node.Name, types.StrategicMergePatchType, data, opts)

// wholeObjectPatch returns the object whose JSON the Patch call c sends as
// its body, or nil when c is not such a call.
func (cl *classifier) wholeObjectPatch(c call) ast.Expr {
	if c.callee.Name() != "Patch" {
		return nil
	}
	i := upstream.PatchDataIndex(c.callee.Signature())
	if i < 0 || i >= len(c.expr.Args) {
		return nil
	}
	obj := cl.marshalledObject(c, c.expr.Args[i])
	if obj == nil || !upstream.CarriesResourceVersion(cl.info.TypeOf(obj)) {
		return nil
	}
	return obj
}

// marshalledObject returns x when data is json.Marshal(x), or a variable
// the function around c assigns only from json.Marshal(x).
func (cl *classifier) marshalledObject(c call, data ast.Expr) ast.Expr {
	data = ast.Unparen(data)
	if call, ok := data.(*ast.CallExpr); ok {
		return cl.marshalArg(call)
	}
	id, ok := data.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := cl.info.Uses[id].(*types.Var)
	fn := c.site().fnNode()
	if !ok || fn == nil {
		return nil
	}
	var obj ast.Expr
	assignments := 0
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && cl.info.ObjectOf(lid) == v {
				assignments++
				if len(as.Rhs) == 1 && i == 0 {
					if rc, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
						obj = cl.marshalArg(rc)
					}
				}
			}
		}
		return true
	})
	if assignments != 1 {
		return nil
	}
	return obj
}

// marshalArg returns x in json.Marshal(x), or nil.
func (cl *classifier) marshalArg(call *ast.CallExpr) ast.Expr {
	fn := upstream.Callee(cl.info, call)
	if fn == nil || upstream.FuncKeyOf(fn) != (upstream.FuncKey{Pkg: "encoding/json", Name: "Marshal"}) || len(call.Args) != 1 {
		return nil
	}
	return ast.Unparen(call.Args[0])
}
