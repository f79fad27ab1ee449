package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A retry that re-reads the object and writes it back without the change:
// the change was made to the old copy before the retry, and the re-read
// replaces it, so the retried write sends the server's own state back,
// succeeds, and nothing says the change is gone. Only whole-object writes
// (Update, UpdateStatus) are judged: they send exactly what the object
// holds.

// checkDroppedInClosure reports, at the re-read, a retry closure that
// re-reads a captured object and writes it without changing it in
// between, when the function around the retry changed it last before the
// retry.
func (c *checker) checkDroppedInClosure(w *model.Write) {
	lit, ok := w.Scope.Body.(*ast.FuncLit)
	v := w.Object.Root
	if !ok || !wholeObjectWrite(w) || syntax.EnclosingFuncNode(w.Cursor) != lit || syntax.Encloses(lit.Body, v.Pos()) {
		return
	}
	rd := c.lastReadBefore(w, lit)
	if rd == nil || mentionedBetween(c.pass.TypesInfo, lit.Body, v, rd.Node.End(), w.Call.Pos()) {
		return
	}
	callCur, found := w.Scope.Cursor.Inspector().Root().FindNode(w.Scope.Call)
	if !found || !c.changedLastBefore(syntax.EnclosingFuncNode(callCur), w.Object, w.Scope.Call.Pos()) {
		return
	}
	msg := fmt.Sprintf("the re-read of %s inside %s replaces the change made to it before the retry, and %s writes it back unchanged: make the change after the re-read",
		w.Object.Name(), retryName(w.Scope), diag.CallName(w.Call))
	c.reportDropped(rd.Node, msg, w, callCur)
}

// wholeObjectWrite reports whether w sends the whole object as it is.
func wholeObjectWrite(w *model.Write) bool {
	switch w.Kind {
	case upstream.WriteUpdate, upstream.WriteSubResourceUpdate, upstream.WriteTypedUpdate, upstream.WriteDynamicUpdate:
		return w.Object.Valid() && w.Object.Root != nil && w.Object.Path == w.Object.Root.Name()
	}
	return false
}

// lastReadBefore returns the last read of w's object made directly in fn
// before w (not a write's own result), or nil.
func (c *checker) lastReadBefore(w *model.Write, fn ast.Node) *model.Read {
	var last *model.Read
	for _, rd := range c.res.ReadsOf(w.Object, fn) {
		if rd.FuncNode == fn && rd.Node.End() <= w.Call.Pos() && !c.assignedFromWrite(rd.Node) && replacesObject(c.pass.TypesInfo, rd.Node, w.Object.Root) && (last == nil || rd.Node.Pos() > last.Node.Pos()) {
			last = rd
		}
	}
	return last
}

// replacesObject reports whether the read n replaces the whole object of
// v (a Get into it, `v, err = ...Get(...)`, `*v = *live`,
// `live.DeepCopyInto(v)`), not only its resourceVersion
// (`v.ResourceVersion = live.ResourceVersion` keeps the change).
func replacesObject(info *types.Info, n ast.Node, v *types.Var) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			if star, ok := ast.Unparen(lhs).(*ast.StarExpr); ok {
				lhs = star.X
			}
			if id := syntax.Ident(lhs); id != nil && info.ObjectOf(id) == v {
				return true
			}
		}
	case *ast.CallExpr:
		sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
		return ok && (sel.Sel.Name == "Get" || sel.Sel.Name == "DeepCopyInto")
	}
	return false
}

// mentionedBetween reports whether body names v between from and to: any
// use there may change the object.
func mentionedBetween(info *types.Info, body ast.Node, v *types.Var, from, to token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Pos() >= from && id.Pos() < to && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// changedLastBefore reports whether, in fn and before pos, the last thing
// done to obj's variable outside function literals is a change of the
// object (a field set, a results-less method called on it), not a read
// or an assignment of the variable.
func (c *checker) changedLastBefore(fn ast.Node, obj upstream.Object, pos token.Pos) bool {
	body := syntax.FuncBody(fn)
	if body == nil {
		return false
	}
	var lastChange, lastReset token.Pos
	for _, rd := range c.res.ReadsOf(obj, fn) {
		if rd.FuncNode == fn && rd.Node.Pos() < pos {
			lastReset = max(lastReset, rd.Node.Pos())
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || n == nil || n.Pos() >= pos {
			return false
		}
		switch kind := changeOf(c.pass.TypesInfo, n, obj.Root); kind {
		case objectChanged:
			lastChange = max(lastChange, n.Pos())
		case variableSet:
			lastReset = max(lastReset, n.Pos())
		}
		return true
	})
	return lastChange > lastReset
}

type change int

const (
	noChange change = iota
	objectChanged
	variableSet
)

// changeOf tells what statement n does to the object of variable v.
func changeOf(info *types.Info, n ast.Node, v *types.Var) change {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			if info.ObjectOf(syntax.Ident(lhs)) == v {
				return variableSet
			}
			if rootedAt(info, lhs, v) {
				return objectChanged
			}
		}
	case *ast.IncDecStmt:
		if rootedAt(info, n.X, v) {
			return objectChanged
		}
	case *ast.ExprStmt:
		call, ok := ast.Unparen(n.X).(*ast.CallExpr)
		if !ok {
			break
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		sig, isSig := info.TypeOf(call.Fun).(*types.Signature)
		if ok && isSig && sig.Recv() != nil && sig.Results().Len() == 0 && (info.Uses[syntax.Ident(sel.X)] == v || rootedAt(info, sel.X, v)) {
			return objectChanged // cm.SetLabels(...), cm.Spec.Template.SetX(...)
		}
	}
	return noChange
}

// rootedAt reports whether e is a field, element or dereference of v
// (`cm.Data["k"]`, `cm.Spec.Replicas`, `*cm`), not v itself.
func rootedAt(info *types.Info, e ast.Expr, v *types.Var) bool {
	return syntax.Ident(e) == nil && typeinfo.ChainRoot(info, e) == v
}

// reportDropped reports msg at node, graded as a change given up as done
// at cur: nothing hands it on, and the function goes on as if it landed.
func (c *checker) reportDropped(node ast.Node, msg string, w *model.Write, cur inspector.Cursor) {
	e := c.res.Grading().DroppedAsDone(cur, c.pass.TypesInfo.TypeOf(w.Object.Expr))
	if !c.res.Grading().Admits(e.Grade) {
		return
	}
	diag.Report(c.pass, node, e.Append(msg), []diag.Related{
		{Node: w.Call, Message: "the write that sends it back: " + diag.CallName(w.Call)},
	})
}
