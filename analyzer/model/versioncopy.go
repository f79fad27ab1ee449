package model

import (
	"go/ast"
	"go/token"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// findVersionCopies records, as reads, the statements that give an object
// the live resourceVersion of another one: operators that compute the
// whole desired object each time read the live object into another
// variable and copy its version over. Any of these refreshes the object in
// place:
//
//	obj.ResourceVersion = live.ResourceVersion
//	obj.SetResourceVersion(live.GetResourceVersion())
//	live.DeepCopyInto(obj)
//	*obj = *live
func (cl *classifier) findVersionCopies() {
	for _, s := range cl.scan.sites {
		switch n := s.node.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, lhs := range n.Lhs {
				if obj := cl.versionTarget(lhs, n.Rhs[i]); obj != nil {
					cl.addInPlaceRead(n, s, obj)
				}
			}
		case *ast.CallExpr:
			if obj := cl.versionCopyCall(n); obj != nil {
				cl.addInPlaceRead(n, s, obj)
			}
		}
	}
}

// versionTarget returns obj when `lhs = rhs` is `obj.ResourceVersion = x`
// (through ObjectMeta or not) or `*obj = *live`, with a value that is not
// a literal, or nil.
func (cl *classifier) versionTarget(lhs, rhs ast.Expr) ast.Expr {
	rhs = ast.Unparen(rhs)
	if _, lit := rhs.(*ast.BasicLit); lit {
		return nil // clearing or pinning a version is not a refresh
	}
	switch l := ast.Unparen(lhs).(type) {
	case *ast.SelectorExpr:
		if l.Sel.Name != "ResourceVersion" {
			return nil
		}
		obj := ast.Unparen(l.X)
		if meta, ok := obj.(*ast.SelectorExpr); ok && meta.Sel.Name == "ObjectMeta" {
			obj = ast.Unparen(meta.X)
		}
		return obj
	case *ast.StarExpr:
		if r, ok := rhs.(*ast.StarExpr); ok && upstream.RootVar(cl.info, ast.Unparen(r.X)) != upstream.RootVar(cl.info, ast.Unparen(l.X)) {
			return ast.Unparen(l.X)
		}
	}
	return nil
}

// versionCopyCall returns the object refreshed by call when it is
// obj.SetResourceVersion(x) with x not a literal, or live.DeepCopyInto(obj)
// from another variable, or nil.
func (cl *classifier) versionCopyCall(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	arg := ast.Unparen(call.Args[0])
	switch sel.Sel.Name {
	case "SetResourceVersion":
		if _, lit := arg.(*ast.BasicLit); !lit {
			return ast.Unparen(sel.X)
		}
	case "DeepCopyInto":
		into := upstream.ObjectOf(cl.info, arg)
		if into.Root != nil && into.Root != upstream.RootVar(cl.info, ast.Unparen(sel.X)) {
			return arg
		}
	}
	return nil
}

// addInPlaceRead records a read that refreshes the object obj in place.
func (cl *classifier) addInPlaceRead(n ast.Node, s site, obj ast.Expr) {
	before := len(cl.out.reads)
	cl.addRead(n, s, obj)
	if len(cl.out.reads) > before {
		cl.out.reads[before].InPlace = true
	}
}
