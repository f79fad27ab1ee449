package model

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A write helper that sends its parameter as the caller built it makes a
// write that cannot conflict when the caller built that object without a
// resourceVersion: certificate generators and installers that hand a
// slice of freshly built objects to a function that Creates each one and
// Updates it when it already exists. These functions follow the parameter
// through the helper (Returner.AsGiven) and judge the argument at each
// call.

// sentAsGiven returns the index of decl's parameter that w sends as it was
// given, the object itself or an element of it ranged over, or -1: nothing
// in decl can give it a resourceVersion (see untouched) and no earlier
// controller-runtime write refreshes it.
func (f *returnerFinder) sentAsGiven(decl *ast.FuncDecl, w *Write) int {
	v := w.Object.Root
	if decl == nil || v == nil || w.Object.Copied || w.Object.Path != v.Name() || !sendsObjectAsIs(w.Kind) {
		return -1
	}
	src := v
	if p := f.rangedParam(decl, v); p != nil {
		src = p
	}
	i := paramIndex(f.info, decl, src)
	if i < 0 || f.judge.refreshingWritesOf(v, decl, w) > 0 || !f.judge.untouched(decl, v, nil) {
		return -1
	}
	if src != v && !f.judge.untouched(decl, src, nil) {
		return -1
	}
	return i
}

// sendsObjectAsIs reports whether a write of kind k sends the object's own
// resourceVersion (or none): not a patch against a base, nor a
// CreateOrUpdate, which reads the object first.
func sendsObjectAsIs(k upstream.WriteKind) bool {
	switch k {
	case upstream.WriteUpdate, upstream.WriteSubResourceUpdate, upstream.WriteTypedUpdate, upstream.WriteObjectPatch, upstream.WriteMergePatch:
		return true
	}
	return false
}

// rangedParam returns the parameter p when decl declares v by `for _, v :=
// range p`, or nil.
func (f *returnerFinder) rangedParam(decl *ast.FuncDecl, v *types.Var) *types.Var {
	var p *types.Var
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Tok != token.DEFINE || syntax.Ident(rs.Value) == nil || f.info.Defs[syntax.Ident(rs.Value)] != v {
			return p == nil
		}
		if x := syntax.Ident(ast.Unparen(rs.X)); x != nil {
			if xv, ok := f.info.Uses[x].(*types.Var); ok && paramIndex(f.info, decl, xv) >= 0 {
				p = xv
			}
		}
		return false
	})
	return p
}

// passedAsGiven returns the index of decl's parameter that the call c, of
// the returner r, is handed as r's AsGiven argument, untouched in decl;
// or -1.
func (f *returnerFinder) passedAsGiven(decl *ast.FuncDecl, c call, r Returner) int {
	if r.AsGiven < 0 || r.AsGiven >= len(c.expr.Args) {
		return -1
	}
	o := upstream.ObjectOf(f.info, c.expr.Args[r.AsGiven])
	if o.Root == nil || o.Copied || o.Path != o.Root.Name() {
		return -1
	}
	i := paramIndex(f.info, decl, o.Root)
	if i < 0 || f.judge.refreshingWritesOf(o.Root, decl, nil) > 0 || !f.judge.untouched(decl, o.Root, nil) {
		return -1
	}
	return i
}

// versionlessArg reports whether the call c, of the returner r, hands r's
// AsGiven parameter an object built without a resourceVersion: the write
// it leads to cannot conflict.
func (f *returnerFinder) versionlessArg(c call, r Returner) bool {
	sig := c.callee.Signature()
	if r.AsGiven < 0 || r.AsGiven >= len(c.expr.Args) || sig.Variadic() && r.AsGiven >= sig.Params().Len()-1 {
		return false
	}
	fn := c.site().fnNode()
	return fn != nil && f.judge.freshExpr(fn, c.expr.Args[r.AsGiven])
}
