package upstream

import (
	"go/ast"
	"go/token"
	"go/types"
)

// CarriesResourceVersion reports whether values of type t are Kubernetes
// objects: they (or pointers to them) have GetResourceVersion.
func CarriesResourceVersion(t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetResourceVersion")
	_, isFunc := obj.(*types.Func)
	return isFunc
}

// ObjectOf resolves an object argument (obj, &obj, *obj, r.obj) to an
// Object. A dereference names the object its pointer points to: a read
// into p refreshes what a write of *p sends.
func ObjectOf(info *types.Info, e ast.Expr) Object {
	e = stripDeref(StripAddr(e))
	if x := copiedFrom(info, e); x != nil {
		o := ObjectOf(info, x) // obj.DeepCopy() carries obj's resourceVersion
		o.Copied = true
		return o
	}
	return Object{Expr: e, Root: RootVar(info, e), Path: exprPath(e)}
}

// exprPath is types.ExprString without its buffer for a plain name, which
// most objects the model looks at are (the left side of an assignment).
func exprPath(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return types.ExprString(e)
}

// copiedFrom returns x when e is x.M() for a method M without arguments
// that returns a Kubernetes object (DeepCopy, or a wrapper's Unwrap): the
// copy carries x's resourceVersion, so it is as fresh as x is.
func copiedFrom(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal || RootVar(info, ast.Unparen(sel.X)) == nil {
		return nil
	}
	if !CarriesResourceVersion(info.TypeOf(call)) {
		return nil
	}
	return ast.Unparen(sel.X)
}

// RootVar returns the variable at the root of a chain of field selections,
// or nil when e is not such a chain.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	switch e := e.(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(e).(*types.Var)
		return v
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if _, isPkg := info.ObjectOf(id).(*types.PkgName); isPkg {
				v, _ := info.ObjectOf(e.Sel).(*types.Var)
				return v
			}
		}
		if sel := info.Selections[e]; sel == nil || sel.Kind() != types.FieldVal {
			return nil
		}
		return RootVar(info, ast.Unparen(e.X))
	case *ast.StarExpr:
		return RootVar(info, ast.Unparen(e.X))
	}
	return nil
}

// Object names the Go expression that holds a Kubernetes object: a variable,
// possibly behind field selections (obj, &cm, r.cache.obj). Two Objects are
// the same when Root and Path match.
type Object struct {
	Expr ast.Expr   // as written, without a leading &
	Root *types.Var // the variable at the root, or nil when there is none
	Path string     // types.ExprString(Expr), used to tell fields apart
	// Copied is set when the code writes a copy of the object (obj.DeepCopy(),
	// a wrapper's Unwrap()): Expr is then what the copy is made from, which
	// a fix cannot Get into.
	Copied bool
}

// Valid reports whether the object is a variable the analyzers can track.
func (o Object) Valid() bool { return o.Root != nil }

// Same reports whether o and p denote the same storage.
func (o Object) Same(p Object) bool {
	return o.Valid() && o.Root == p.Root && o.Path == p.Path
}

// Name is how messages name the object.
func (o Object) Name() string { return o.Path }

// stripDeref returns e without leading dereferences (*p is p's object).
func stripDeref(e ast.Expr) ast.Expr {
	for {
		star, ok := e.(*ast.StarExpr)
		if !ok {
			return e
		}
		e = ast.Unparen(star.X)
	}
}

// StripAddr returns e without parentheses and a leading &.
func StripAddr(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X)
	}
	return e
}
