package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A pass repeated until every item succeeded:
//
//	for {
//		items := list()
//		done := true
//		for i := range items {
//			if err := write(&items[i]); err != nil { done = false }
//		}
//		if done { break }
//		time.Sleep(d)
//	}
//
// Every way out of the outer loop needs a flag that the failing turn
// cleared, so the loop goes round and its next pass lists the items again
// and writes the failed one once more: a retry, wherever the item comes
// from. A worker loop (`item, stop := q.Get(); if stop { return }`) is no
// such loop: nothing on the failure's path clears its flag.

// passesAgain notes a path entering block b, a block of the head of a
// loop with no condition around the failing call's loop, whose every exit
// needs a flag this path has cleared: the pass is done again.
func (w *walker) passesAgain(b *cfg.Block, st *pathState) {
	loop, ok := b.Stmt.(*ast.ForStmt)
	if !ok || st.passAgain || !loopHeads[b.Kind] || loop.Cond != nil || w.vals.f.loop == nil ||
		loop == w.vals.f.loop || !syntax.Within(w.vals.f.loop, loop) {
		return
	}
	if v := exitFlag(w.vals.k.info, loop); v != nil && slices.Contains(st.unset, v) {
		st.passAgain = true
	}
}

// exitFlag returns the boolean variable v when every return, and every
// break out of loop, sits in the body of an `if v` (a select case that
// receives a stop is no exit); nil otherwise, or when loop has no exit.
func exitFlag(info *types.Info, loop *ast.ForStmt) *types.Var {
	e := exitScan{info: info, ok: true}
	e.stmts(loop.Body.List, 0)
	if !e.ok || e.exits == 0 {
		return nil
	}
	return e.flag
}

// exitScan finds the exits of a loop and the `if v` bodies around them.
type exitScan struct {
	info   *types.Info
	flag   *types.Var
	guards []*types.Var // the `if` bodies around the node, innermost last (nil: not a flag)
	exits  int
	ok     bool
}

func (e *exitScan) stmts(list []ast.Stmt, breakable int) {
	for _, s := range list {
		e.node(s, breakable)
	}
}

// node scans n, at breakable inner loops, switches or selects deep.
func (e *exitScan) node(n ast.Node, breakable int) {
	if !e.ok {
		return
	}
	switch n := n.(type) {
	case *ast.FuncLit:
		return
	case *ast.IfStmt:
		e.ifStmt(n, breakable)
		return
	case *ast.ReturnStmt:
		e.exit()
		return
	case *ast.BranchStmt:
		if n.Tok == token.GOTO || n.Tok == token.BREAK && (n.Label != nil || breakable == 0) {
			e.exit()
		}
		return
	case *ast.CommClause:
		if _, timer := upstream.TimerReceive(e.info, n.Comm); n.Comm != nil && !timer {
			return // a stop case
		}
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		breakable++
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if m == n {
			return true
		}
		if m != nil {
			e.node(m, breakable)
		}
		return false
	})
}

// ifStmt scans an if statement, its body under the guard of its
// condition when that is a boolean variable.
func (e *exitScan) ifStmt(s *ast.IfStmt, breakable int) {
	if s.Init != nil {
		e.node(s.Init, breakable)
	}
	var guard *types.Var
	if v, ok := e.info.Uses[syntax.Ident(s.Cond)].(*types.Var); ok && s.Init == nil {
		guard = v
	}
	e.guards = append(e.guards, guard)
	e.stmts(s.Body.List, breakable)
	e.guards[len(e.guards)-1] = nil
	if s.Else != nil {
		e.node(s.Else, breakable)
	}
	e.guards = e.guards[:len(e.guards)-1]
}

// exit records an exit under the innermost guard.
func (e *exitScan) exit() {
	e.exits++
	if len(e.guards) == 0 {
		e.ok = false
		return
	}
	g := e.guards[len(e.guards)-1]
	if g == nil || e.flag != nil && g != e.flag {
		e.ok = false
		return
	}
	e.flag = g
}
