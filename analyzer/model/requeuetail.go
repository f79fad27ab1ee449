package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A Reconcile often leaves early without a requeue where nothing is left
// to do (the object is being deleted, its finalizer just removed) and asks
// for one on every return after that point, where it defers its status
// write or calls the helpers that write. A lost write made after the point
// is redone by the requeue: the returns before it cannot follow the write.
// With no loop back at the top level (a goto aside), the returns that can
// follow a statement of the body are those of that statement and the ones
// after it, so the point is the first statement of the longest run of
// last statements whose every return requeues.

// requeueTail is that run of a Reconcile's last statements.
type requeueTail struct {
	owner *types.TypeName // the reconciler type
	// from and end bound the run: the first statement's start and the
	// body's end.
	from, end token.Pos
	period    time.Duration // the longest requeue period of its returns
	// callees are the functions the run calls and the rest of the body
	// does not (a call in a go statement counts as made outside the run:
	// it may write after the Reconcile has returned), and those each call
	// of which only requeueing returns follow (requeuecalls.go), whose
	// periods callPeriods holds.
	callees     map[FuncID]bool
	callPeriods map[FuncID]time.Duration
}

// periodOf returns the requeue period that redoes what callee k does.
func (t requeueTail) periodOf(k FuncID) time.Duration {
	if d, ok := t.callPeriods[k]; ok {
		return d
	}
	return t.period
}

// mapWith returns m (allocated when nil) with k set to d.
func mapWith(m map[FuncID]time.Duration, k FuncID, d time.Duration) map[FuncID]time.Duration {
	if m == nil {
		m = map[FuncID]time.Duration{}
	}
	m[k] = d
	return m
}

// tailCallees returns the functions called in stmts[from:] and nowhere
// else in stmts, nor in a go statement.
func tailCallees(info *types.Info, stmts []ast.Stmt, from int) map[FuncID]bool {
	in, out := map[FuncID]bool{}, map[FuncID]bool{}
	var note func(n ast.Node, set map[FuncID]bool)
	note = func(n ast.Node, set map[FuncID]bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				note(n.Call, out)
				return false
			case *ast.CallExpr:
				if fn := upstream.Callee(info, n); fn != nil {
					set[FuncIDOf(fn)] = true
				}
			}
			return true
		})
	}
	for i, s := range stmts {
		if i < from {
			note(s, out)
		} else {
			note(s, in)
		}
	}
	for k := range out {
		delete(in, k)
	}
	return in
}

// tailPeriod returns the requeue period of the tail cur is in: cur lies in
// the run of a Reconcile's last statements that all requeue, outside a go
// statement; 0 when it is not.
func (h *healing) tailPeriod(info *types.Info, cur inspector.Cursor) time.Duration {
	if len(h.tails) == 0 || info == nil {
		return 0
	}
	for enc := range cur.Enclosing((*ast.GoStmt)(nil), (*ast.FuncDecl)(nil)) {
		decl, ok := enc.Node().(*ast.FuncDecl)
		if !ok {
			return 0 // it may write after the Reconcile has returned
		}
		fn, _ := info.Defs[decl.Name].(*types.Func)
		if fn == nil {
			return 0
		}
		t, ok := h.tails[FuncIDOf(fn)]
		if pos := cur.Node().Pos(); ok && t.from <= pos && pos < t.end {
			return t.period
		}
		return 0
	}
	return 0
}
