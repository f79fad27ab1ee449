package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// markCleared marks the writes whose object the function blanks the
// resourceVersion of on every path to the write, and gives no version
// again before it:
//
//	pod.ResourceVersion = "" // to prevent "object has been modified"
//	pod.Status.Phase = phase
//	_, err := cs.CoreV1().Pods(ns).UpdateStatus(ctx, pod, opts)
//
// The server then has no version to compare, so such a write cannot
// conflict (Write.VersionCleared). The blanking must be a statement of a
// block around the write, in the write's own function, before it: then
// it runs on every path there. A controller-runtime write refreshes its
// object in place, so one inside a loop that starts after the blanking
// sends a version again from its second turn, and is not marked.
func markCleared(j *versionJudge, writes []*Write) {
	for _, w := range writes {
		switch w.Kind {
		case upstream.WriteUpdate, upstream.WriteSubResourceUpdate, upstream.WriteTypedUpdate, upstream.WriteDynamicUpdate, upstream.WriteObjectPatch, upstream.WriteMergePatch:
		default:
			continue
		}
		if w.CannotConflict {
			continue
		}
		v := w.Object.Root
		if v == nil || w.Object.Path != v.Name() || w.FuncNode == nil || syntax.UsesGoto(w.FuncNode) {
			continue
		}
		if clearedBefore(j, w, v) {
			w.CannotConflict, w.VersionCleared = true, true
		}
	}
}

// clearedBefore reports whether a statement that blanks v's
// resourceVersion dominates w, and nothing between them gives v one.
func clearedBefore(j *versionJudge, w *Write, v *types.Var) bool {
	loop := false
	for cur := w.Cursor; cur.Node() != w.FuncNode; cur = cur.Parent() {
		parent := cur.Parent()
		switch parent.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loop = true
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
		list := stmtList(parent.Node())
		if list == nil {
			continue
		}
		stmt, ok := cur.Node().(ast.Stmt)
		if !ok {
			continue
		}
		if clear := lastClearing(j.info, list, stmt, v); clear != nil {
			end := w.Call.End()
			if loop {
				end = stmt.End() // the loop comes back to the write
			}
			return versionlessBetween(j, w, v, clear.End(), end, loop)
		}
	}
	return false
}

// stmtList returns the statements of a block, a case or a select clause,
// or nil.
func stmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// lastClearing returns the last statement of list before stop that blanks
// v's resourceVersion, or nil.
func lastClearing(info *types.Info, list []ast.Stmt, stop ast.Stmt, v *types.Var) ast.Stmt {
	var found ast.Stmt
	for _, s := range list {
		if s == stop {
			return found
		}
		if clearsVersion(info, s, v) {
			found = s
		}
	}
	return nil
}

// clearsVersion reports whether s is `v.ResourceVersion = ""` (through
// ObjectMeta or not) or `v.SetResourceVersion("")`.
func clearsVersion(info *types.Info, s ast.Stmt, v *types.Var) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 || !isEmptyString(info, s.Rhs[0]) {
			return false
		}
		sel, ok := ast.Unparen(s.Lhs[0]).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "ResourceVersion" && isMetaOf(info, sel.X, v)
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !isEmptyString(info, call.Args[0]) {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "SetResourceVersion" && isMetaOf(info, sel.X, v)
	}
	return false
}

// isMetaOf reports whether e is v, or v.ObjectMeta.
func isMetaOf(info *types.Info, e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		e = ast.Unparen(sel.X)
	}
	id := syntax.Ident(e)
	return id != nil && info.Uses[id] == v
}

// isEmptyString reports whether e is the constant "".
func isEmptyString(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

// versionlessBetween reports whether nothing in [from, to) gives v a
// resourceVersion: no assignment, read or call that could (see
// untouchedIn), and no write that refreshes v in place (w itself only
// when a loop brings the path back to it).
func versionlessBetween(j *versionJudge, w *Write, v *types.Var, from, to token.Pos, loop bool) bool {
	for _, o := range j.found.writes {
		if o.Object.Root == v && o.Kind.RefreshesInPlace() && from <= o.Call.Pos() && o.Call.End() <= to && (o != w || loop) {
			return false
		}
	}
	return j.untouchedIn(w.FuncNode, v, nil, from, to)
}
