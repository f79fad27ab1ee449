package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// checkDroppedInHelpers reports, at the call that runs it again, a write
// helper that answers its write's failure by re-reading the object it was
// given and calling itself with the fresh copy, when it adds no change of
// its own to what it writes (minio's updatePoolStatusWithRetry): what it
// writes is what its caller changed, which the re-read replaced.
func (c *checker) checkDroppedInHelpers() {
	for _, w := range c.res.Writes() {
		fd, ok := w.FuncNode.(*ast.FuncDecl)
		if !ok || w.Scope != nil || !wholeObjectWrite(w) || fd.Body == nil {
			continue
		}
		fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		p := givenObject(c.pass.TypesInfo, fd, w.Object.Root)
		if fn == nil || p == nil || !c.addsNoChange(fd.Body, w, p) {
			continue
		}
		again, cur := c.rerunWithReread(fd, fn, p, w)
		if again == nil {
			continue
		}
		msg := fmt.Sprintf("%s re-reads %s after a failed write and runs again with it, but adds no change of its own: the change its caller made to %s is dropped and the call succeeds: return the conflict, so that the caller re-applies its change",
			fn.Name(), p.Name(), p.Name())
		e := c.callersGrade(fn, c.pass.TypesInfo.TypeOf(w.Object.Expr), cur)
		if !c.res.Grading().Admits(e.Grade) {
			continue
		}
		diag.Report(c.pass, again, e.Append(msg), []diag.Related{
			{Node: w.Call, Message: "the write that sends it back: " + diag.CallName(w.Call)},
		})
	}
}

// givenObject returns the parameter of fd that r is, or that r is made
// from at the top of fd's body (`r := p.DeepCopy()`, `r := p`); nil when
// none.
func givenObject(info *types.Info, fd *ast.FuncDecl, r *types.Var) *types.Var {
	params := syntax.ParamVars(info, fd)
	for _, p := range params {
		if p == r {
			return p
		}
	}
	for _, s := range fd.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || info.Defs[syntax.Ident(as.Lhs[0])] != r {
			continue
		}
		from := as.Rhs[0]
		if call, ok := ast.Unparen(from).(*ast.CallExpr); ok && len(call.Args) == 0 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" {
				from = sel.X
			}
		}
		for _, p := range params {
			if info.Uses[syntax.Ident(from)] == p {
				return p
			}
		}
	}
	return nil
}

// addsNoChange reports whether, before w, body changes the written object
// and the parameter p it comes from only with values of those two or with
// zero values (`copy.Spec = TenantSpec{}` for a status write), and hands
// neither to anything else.
func (c *checker) addsNoChange(body *ast.BlockStmt, w *model.Write, p *types.Var) bool {
	info := c.pass.TypesInfo
	r := w.Object.Root
	own := func(v types.Object) bool { return v == r || v == p }
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok || n == nil || n.Pos() >= w.Call.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = !mentionsAny(info, n, own)
			return false
		case *ast.AssignStmt:
			if changeOf(info, n, r) == objectChanged || changeOf(info, n, p) == objectChanged {
				ok = len(n.Rhs) == len(n.Lhs) && onlyFrom(info, n.Rhs, own)
				return false
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				ok = ok && (isBasicValue(info, a) || !mentionsAny(info, a, own)) // a name or namespace changes nothing
			}
			if sel, isSel := ast.Unparen(n.Fun).(*ast.SelectorExpr); isSel && mentionsAny(info, sel.X, own) && !isDeepCopy(n) {
				ok = false // a method of the object may change it
			}
		}
		return true
	})
	return ok
}

// isBasicValue reports whether e is of a basic type (a string, a number).
func isBasicValue(info *types.Info, e ast.Expr) bool {
	_, ok := typeinfo.UnderOf(info, e).(*types.Basic)
	return ok
}

// isDeepCopy reports whether call is a DeepCopy of its receiver.
func isDeepCopy(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && len(call.Args) == 0 && (sel.Sel.Name == "DeepCopy" || sel.Sel.Name == "DeepCopyObject")
}

// onlyFrom reports whether every expression of es is built only from
// variables own accepts (and types, constants, package functions), or is
// a zero value.
func onlyFrom(info *types.Info, es []ast.Expr, own func(types.Object) bool) bool {
	for _, e := range es {
		if isZeroValue(e) {
			continue
		}
		if !mentionsAny(info, e, own) {
			return false // a value of its own
		}
		bad := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, isVar := info.Uses[id].(*types.Var); isVar && !v.IsField() && !own(v) {
					bad = true
				}
			}
			return !bad
		})
		if bad {
			return false
		}
	}
	return true
}

// isZeroValue reports whether e is nil or an empty composite literal.
func isZeroValue(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "nil"
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	}
	return false
}

// mentionsAny reports whether n names a variable own accepts.
func mentionsAny(info *types.Info, n ast.Node, own func(types.Object) bool) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && own(info.Uses[id]) {
			found = true
		}
		return !found
	})
	return found
}

// rerunWithReread returns the call of fn itself, after w in fd, that
// passes p in p's own place after a read into p, with its cursor.
func (c *checker) rerunWithReread(fd *ast.FuncDecl, fn *types.Func, p *types.Var, w *model.Write) (*ast.CallExpr, inspector.Cursor) {
	fdCur, ok := w.Cursor.Inspector().Root().FindNode(fd)
	if !ok {
		return nil, inspector.Cursor{}
	}
	at := paramIndexOf(c.pass.TypesInfo, fd, p)
	if at < 0 {
		return nil, inspector.Cursor{}
	}
	for cur := range fdCur.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		callee := upstream.Callee(c.pass.TypesInfo, call)
		if call.Pos() <= w.Call.End() || callee == nil || callee.Origin() != fn || at >= len(call.Args) || c.pass.TypesInfo.Uses[syntax.Ident(call.Args[at])] != p {
			continue
		}
		if c.readInto(fd, p, w.Call.End(), call.Pos()) {
			return call, cur
		}
	}
	return nil, inspector.Cursor{}
}

// readInto reports whether fd reads the object of p again, whole, between
// from and to.
func (c *checker) readInto(fd *ast.FuncDecl, p *types.Var, from, to token.Pos) bool {
	for _, rd := range c.res.Reads() {
		if rd.FuncNode == fd && rd.Object.Root == p && rd.Node.Pos() > from && rd.Node.Pos() < to && replacesObject(c.pass.TypesInfo, rd.Node, p) {
			return true
		}
	}
	return false
}

// callersGrade grades the change that fn, a helper, drops while telling
// its callers it succeeded: each caller loses its own change, so the
// grade is the harshest of the package's calls of fn and of functions
// that only return fn's results. A helper that other packages may call
// is graded lost: their callers are out of view.
func (c *checker) callersGrade(fn *types.Func, kind types.Type, self inspector.Cursor) consequence.Evidence {
	lost := consequence.Evidence{Grade: consequence.Lost}
	targets := c.wrappersOf(fn)
	for t := range targets {
		if t.Exported() {
			return lost
		}
	}
	var worst *consequence.Evidence
	for t := range targets {
		for _, cur := range c.res.Grading().CallSites(t) {
			if targets[enclosingFunc(c.pass.TypesInfo, cur)] {
				continue
			}
			e := c.res.Grading().DroppedAsDone(cur, kind)
			if e.Grade == consequence.Lost {
				return e
			}
			worst = consequence.Harsher(worst, e)
		}
	}
	if worst == nil {
		e := c.res.Grading().DroppedAsDone(self, kind)
		return e
	}
	return *worst
}

// wrappersOf returns fn and the package's functions whose body only
// returns a call of one of them (`return c.savePoolsWithRetry(ctx, t, true)`).
func (c *checker) wrappersOf(fn *types.Func) map[*types.Func]bool {
	out := map[*types.Func]bool{fn: true}
	for grew := true; grew; {
		grew = false
		for g, decl := range c.res.Decls() {
			if out[g] || decl.Body == nil || len(decl.Body.List) != 1 {
				continue
			}
			ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
			if !ok {
				continue
			}
			if callee := upstream.Callee(c.pass.TypesInfo, call); callee != nil && out[callee.Origin()] {
				out[g], grew = true, true
			}
		}
	}
	return out
}

// enclosingFunc returns the function declared around cur, or nil.
func enclosingFunc(info *types.Info, cur inspector.Cursor) *types.Func {
	fd, ok := syntax.EnclosingFuncNode(cur).(*ast.FuncDecl)
	if !ok {
		return nil
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	return fn
}
