package staleupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A function literal deferred at the top of a function runs when the
// function returns: a write of the object in it, made after a failed
// write of the same object whose error is returned, resends the version
// the server refused (humio-operator's controllers record the object's
// state in a deferred setState). Only defers at the top level of the
// body count, so that every path past the failing write has registered
// them; and only the object itself, captured or passed as an argument
// of the deferred call.

// deferredWrite is a write in a deferred literal, seen from the function
// that defers it.
type deferredWrite struct {
	w    *model.Write
	obj  upstream.Object // the object w writes, as the deferring function names it
	stmt *ast.DeferStmt
}

// deferredWrites returns the writes of the literals fn defers at its top
// level that no read of their object precedes in the literal; byFunc
// groups the writes of each function.
func (c *checker) deferredWrites(fn ast.Node, byFunc map[ast.Node][]*model.Write) []deferredWrite {
	info := c.pass.TypesInfo
	body := syntax.FuncBody(fn)
	if body == nil {
		return nil
	}
	var out []deferredWrite
	for _, stmt := range body.List {
		ds, ok := stmt.(*ast.DeferStmt)
		if !ok {
			continue
		}
		lit, ok := ast.Unparen(ds.Call.Fun).(*ast.FuncLit)
		if !ok {
			continue
		}
		for _, w := range byFunc[lit] {
			if c.readBefore(w, lit) || guardedFromOutside(info, w.Cursor, lit) {
				continue
			}
			if obj, ok := outerObject(info, ds.Call, lit, w.Object); ok {
				out = append(out, deferredWrite{w: w, obj: obj, stmt: ds})
			}
		}
	}
	return out
}

// readBefore reports whether lit reads w's object before w.
func (c *checker) readBefore(w *model.Write, lit *ast.FuncLit) bool {
	return slices.ContainsFunc(c.res.ReadsOf(w.Object, lit), func(r *model.Read) bool { return r.Node.Pos() < w.Call.Pos() })
}

// guardedFromOutside reports whether the write at cur sits under a test
// (an if, switch or loop of lit) that reads a variable of the deferring
// function: `if reterr == nil { ... }` on a named result, or a test of
// the object, may well keep the write from running after a failure, and
// the walk does not evaluate it.
func guardedFromOutside(info *types.Info, cur inspector.Cursor, lit *ast.FuncLit) bool {
	for c := cur.Parent(); c.Valid() && c.Node() != lit; c = c.Parent() {
		var tests []ast.Expr
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			tests = []ast.Expr{n.Cond}
		case *ast.SwitchStmt:
			tests = []ast.Expr{n.Tag}
		case *ast.CaseClause:
			tests = n.List
		case *ast.ForStmt:
			tests = []ast.Expr{n.Cond}
		case *ast.RangeStmt:
			tests = []ast.Expr{n.X}
		}
		for _, test := range tests {
			if test != nil && readsOuterVar(info, test, lit) {
				return true
			}
		}
	}
	return false
}

// readsOuterVar reports whether n uses a variable declared outside lit.
func readsOuterVar(info *types.Info, n ast.Node, lit *ast.FuncLit) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != nil && v.Parent() != types.Universe && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
				found = true
			}
		}
		return !found
	})
	return found
}

// outerObject returns the object of the deferring function that obj, an
// object written in lit, is: the same variable captured, or the argument
// given to the parameter obj is.
func outerObject(info *types.Info, call *ast.CallExpr, lit *ast.FuncLit, obj upstream.Object) (upstream.Object, bool) {
	if !obj.Valid() || obj.Copied {
		return upstream.Object{}, false
	}
	if !syntax.Within(declIdent(obj.Root), lit) {
		return obj, true // captured
	}
	if obj.Path != obj.Root.Name() {
		return upstream.Object{}, false
	}
	i := 0
	for _, field := range lit.Type.Params.List {
		for _, name := range field.Names {
			if info.Defs[name] == obj.Root && i < len(call.Args) {
				outer := upstream.ObjectOf(info, call.Args[i])
				return outer, outer.Valid() && outer.Path == outer.Root.Name()
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return upstream.Object{}, false
}

// writesAgainOnReturn reports whether fw's deferred literals write obj.
func writesAgainOnReturn(ds []deferredWrite, obj upstream.Object) bool {
	return slices.ContainsFunc(ds, func(d deferredWrite) bool { return d.obj.Same(obj) })
}

// returns reports whether block b ends its function by a return
// statement, after which the deferred literals run.
func returns(b *cfg.Block) bool {
	if len(b.Succs) != 0 || len(b.Nodes) == 0 {
		return false
	}
	_, ok := b.Nodes[len(b.Nodes)-1].(*ast.ReturnStmt)
	return ok
}

// deferredHits records, for a path that returns after w failed, the
// deferred writes of w's object registered before w.
func (c *checker) deferredHits(fg *fnGraph, w *model.Write, st pathState, res *walkResult) {
	if st.out != failed || st.unproven || !returns(st.b) {
		return
	}
	for _, d := range fg.deferred {
		if d.stmt.Pos() < w.Call.Pos() && d.obj.Same(w.Object) {
			if res.hits[d.w] == nil {
				res.hits[d.w] = make(map[outcome]bool)
			}
			res.hits[d.w][st.out] = true
		}
	}
}

// judgeDeferred reports w2, a write in a deferred literal reached by a
// return after w failed, when its own Conflict is lost or requeued (as
// judge does for a failed first write), and reports whether it did;
// never with a fix: the re-read would go into the literal. The grade is
// the milder of w2's own and w's: when w's failure is requeued, the
// requeue runs the function again, deferred literal included, with a
// fresh object; handed to a caller out of view, it has no grade either.
func (c *checker) judgeDeferred(w, w2 *model.Write) bool {
	if !c.conflictLost(w2) && !c.requeued(w2) {
		return false
	}
	grade := c.grade(w2)
	if first := c.grade(w); first.Grade == consequence.Requeued || first.Grade == consequence.None && !c.conflictLost(w) {
		grade = first // requeued, or handed to a caller whose loop is out of view
	}
	if !c.res.Grading().Admits(grade.Grade) {
		return false
	}
	c.reported[w2] = true
	msg := grade.Append(deferredMessage(w))
	diag.Report(c.pass, w2.Call, msg, []diag.Related{{Node: w.Call, Message: "the earlier write: " + diag.CallName(w.Call)}})
	return true
}

// deferredMessage says that a deferred write sends w's object again
// after w failed.
func deferredMessage(w *model.Write) string {
	name, call := w.Object.Name(), diag.CallName(w.Call)
	return fmt.Sprintf("%s is written again by a deferred function after %s failed, without a re-read, so it conflicts again: re-read %s first in the deferred function", name, call, name)
}
