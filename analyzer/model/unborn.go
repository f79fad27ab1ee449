package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The API server sets an object's creationTimestamp when it creates the
// object and never clears it, so every object read from the server has
// one. A write that runs only while its object's creationTimestamp is zero
// never sends an object the server returned: on a real cluster it runs
// only for an object built here, without a resourceVersion (a read helper
// that back-fills the timestamp for fake clients, `if
// out.EnsureCreationTimestamp() { c.Update(ctx, out) }` after a Get, is
// the shape). Such a write cannot conflict, like a write of an object
// built fresh.

// markUnborn marks the writes that run only when their object's
// creationTimestamp is zero and whose function sets no resourceVersion by
// hand.
func markUnborn(j *versionJudge, writes []*Write) {
	for _, w := range writes {
		if w.CannotConflict || !sendsObjectVersion(w.Kind) {
			continue
		}
		v := w.Object.Root
		if v == nil || w.Object.Path != v.Name() {
			continue
		}
		if fn := declaringFunc(w, v); fn != nil && !setsResourceVersion(fn) && j.onlyWhenUnborn(w, v) {
			w.CannotConflict = true
		}
	}
}

// sendsObjectVersion reports whether a write of kind k sends the version
// its object carries (the kinds markCannotConflict judges).
func sendsObjectVersion(k upstream.WriteKind) bool {
	switch k {
	case upstream.WriteUpdate, upstream.WriteSubResourceUpdate, upstream.WriteTypedUpdate, upstream.WriteObjectPatch, upstream.WriteMergePatch:
		return true
	}
	return false
}

// onlyWhenUnborn reports whether w sits in the body of an if whose
// condition (or one of its && operands) holds only when v's
// creationTimestamp is zero.
func (j *versionJudge) onlyWhenUnborn(w *Write, v *types.Var) bool {
	child := w.Cursor
	for c := child.Parent(); c.Valid() && c.Node() != w.FuncNode; child, c = c, c.Parent() {
		if ifs, ok := c.Node().(*ast.IfStmt); ok && child.Node() == ifs.Body && j.testsUnborn(ifs.Cond, v, true) {
			return true
		}
	}
	return false
}

// testsUnborn reports whether cond holds only when v's creationTimestamp
// is zero: `v.CreationTimestamp.IsZero()`, `v.GetCreationTimestamp().IsZero()`,
// or a call of a method of this package on v that returns true only under
// such a test of its receiver (follow is false inside that method, so
// that one level is followed).
func (j *versionJudge) testsUnborn(cond ast.Expr, v *types.Var, follow bool) bool {
	cond = ast.Unparen(cond)
	if b, ok := cond.(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return j.testsUnborn(b.X, v, follow) || j.testsUnborn(b.Y, v, follow)
	}
	call, ok := cond.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if sel.Sel.Name == "IsZero" && j.isMetaTime(sel.X) {
		return j.creationTimestampOf(sel.X, v)
	}
	if !follow || !isRootedAt(j.info, sel.X, v) {
		return false
	}
	fn, ok := j.info.Uses[sel.Sel].(*types.Func)
	if !ok {
		return false
	}
	decl := j.decls[fn.Origin()]
	return decl != nil && j.trueOnlyWhenUnborn(decl, fn.Origin().Signature().Recv())
}

// isMetaTime reports whether e is a metav1.Time.
func (j *versionJudge) isMetaTime(e ast.Expr) bool {
	t := j.info.TypeOf(e)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Time" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == upstream.MetaV1Path
}

// creationTimestampOf reports whether e is v's creationTimestamp: the
// field (through ObjectMeta or not) or its getter.
func (j *versionJudge) creationTimestampOf(e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = ast.Unparen(call.Fun)
		sel, ok := e.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "GetCreationTimestamp" && isRootedAt(j.info, sel.X, v)
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "CreationTimestamp" && isRootedAt(j.info, sel.X, v)
}

// trueOnlyWhenUnborn reports whether the bool method decl returns only
// constants, and true only inside the body of an if that tests its
// receiver recv's creationTimestamp for zero (EnsureCreationTimestamp's
// shape).
func (j *versionJudge) trueOnlyWhenUnborn(decl *ast.FuncDecl, recv *types.Var) bool {
	res := decl.Type.Results
	if recv == nil || decl.Body == nil || res == nil || len(res.List) != 1 || len(res.List[0].Names) > 1 || !types.Identical(j.info.TypeOf(res.List[0].Type), types.Typ[types.Bool]) {
		return false
	}
	ok, returnsTrue := true, false
	ast.PreorderStack(decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			val, isConst := j.constBool(n)
			switch {
			case !isConst:
				ok = false
			case val:
				returnsTrue = true
				ok = ok && j.underUnbornTest(n, stack, recv)
			}
		}
		return ok
	})
	return ok && returnsTrue
}

// constBool returns the constant bool a one-value return gives.
func (j *versionJudge) constBool(ret *ast.ReturnStmt) (val, ok bool) {
	if len(ret.Results) != 1 {
		return false, false
	}
	tv := j.info.Types[ret.Results[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// underUnbornTest reports whether n, reached through stack, sits in the
// body of an if that tests recv's creationTimestamp for zero.
func (j *versionJudge) underUnbornTest(n ast.Node, stack []ast.Node, recv *types.Var) bool {
	child := n
	for i := len(stack) - 1; i >= 0; child, i = stack[i], i-1 {
		if ifs, ok := stack[i].(*ast.IfStmt); ok && child == ifs.Body && j.testsUnborn(ifs.Cond, recv, false) {
			return true
		}
	}
	return false
}

// isRootedAt reports whether e is v, *v or a field path from v.
func isRootedAt(info *types.Info, e ast.Expr, v *types.Var) bool {
	return upstream.RootVar(info, ast.Unparen(e)) == v
}
