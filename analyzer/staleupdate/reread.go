package staleupdate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// mayReRead reports whether graph node n hands obj to code the model cannot
// see, which may read it again: a method of an interface or a func value,
// neither from the standard library nor from the Kubernetes modules. A
// path through such a call proves no stale write. Functions and concrete
// methods are known: the model's reads include this package's read
// helpers and, through facts, other packages'.
func (c *checker) mayReRead(n ast.Node, obj upstream.Object) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if c.opaqueCallee(m) && passes(info, m, obj) {
				found = true
			}
		}
		return !found
	})
	return found
}

// opaqueCallee reports whether call's callee is out of the model's view:
// an interface method or a func value of the program.
func (c *checker) opaqueCallee(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return false // a conversion or a builtin
	}
	fn := upstream.Callee(info, call)
	if fn == nil {
		return true // a func value
	}
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type()) && fn.Pkg() != nil && !upstream.IsUpstream(fn.Pkg())
}

// passes reports whether call hands obj (or its address) to the callee
// through a parameter that is not an empty interface (a logger's ...any
// does not read the object again).
func passes(info *types.Info, call *ast.CallExpr, obj upstream.Object) bool {
	sig, ok := typeinfo.UnderOf(info, call.Fun).(*types.Signature)
	if !ok {
		return false
	}
	for i, arg := range call.Args {
		if !upstream.ObjectOf(info, arg).Same(obj) {
			continue
		}
		if pt := paramType(sig, i); pt != nil && !isEmptyInterface(pt) {
			return true
		}
	}
	return false
}

// paramType returns the type of the parameter receiving argument i (the
// element type for a variadic one).
func paramType(sig *types.Signature, i int) types.Type {
	params := sig.Params()
	switch {
	case sig.Variadic() && i >= params.Len()-1:
		if s, ok := params.At(params.Len() - 1).Type().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	case i < params.Len():
		return params.At(i).Type()
	}
	return nil
}

func isEmptyInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	return ok && iface.Empty()
}
