package syntax

import (
	"go/ast"
	"go/token"
)

// LeavesBefore reports whether every run of body that evaluates n returns
// before it reaches later, a node after n: in a statement list that holds
// n but not later, a return or panic follows n's statement with no branch
// statement between that could jump past it (the shape of a deletion
// branch: `if deleting { ...; return }`). It answers false where it cannot
// be sure: a goto in body, a loop back, or n and later in one statement.
func LeavesBefore(body *ast.BlockStmt, n, later ast.Node) bool {
	if UsesGoto(body) {
		return false
	}
	lists := stmtListsAround(body, n)
	for i := len(lists) - 1; i >= 0; i-- {
		list := lists[i]
		at := stmtIndex(list, n.Pos())
		if at < 0 || stmtIndex(list, later.Pos()) >= 0 {
			return false // the list that holds both: n's statement falls through to later's
		}
		if branchAfter(list[at], n.End()) {
			return false // n's own statement may jump on after n
		}
		switch returnsAfter(list[at+1:]) {
		case leaves:
			return true
		case mayJump:
			return false
		}
	}
	return false
}

// An ending is how running a statement list from some point ends.
type ending int

const (
	fallsThrough ending = iota // past the list's last statement
	leaves                     // out of the function
	mayJump                    // a break, continue or goto may take it elsewhere
)

// stmtListsAround returns the statement lists that hold n, outermost
// first, outside function literals.
func stmtListsAround(body *ast.BlockStmt, n ast.Node) [][]ast.Stmt {
	var lists [][]ast.Stmt
	ast.Inspect(body, func(c ast.Node) bool {
		if c == nil || c.Pos() > n.Pos() || c.End() < n.End() {
			return false
		}
		switch c := c.(type) {
		case *ast.FuncLit:
			return c == n
		case *ast.BlockStmt:
			lists = append(lists, c.List)
		case *ast.CaseClause:
			lists = append(lists, c.Body)
		case *ast.CommClause:
			lists = append(lists, c.Body)
		}
		return c != n
	})
	return lists
}

// stmtIndex returns the index of the statement of list that holds pos, or
// -1.
func stmtIndex(list []ast.Stmt, pos token.Pos) int {
	for i, s := range list {
		if s.Pos() <= pos && pos < s.End() {
			return i
		}
	}
	return -1
}

// returnsAfter tells how running stmts from the first ends: it leaves
// the function at a return or a panic, unless a statement before it holds
// a branch statement (break, continue, goto) that may jump elsewhere.
func returnsAfter(stmts []ast.Stmt) ending {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return leaves
		case *ast.ExprStmt:
			if call, ok := s.X.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
					return leaves
				}
			}
		}
		if holdsBranch(s) {
			return mayJump
		}
	}
	return fallsThrough
}

// holdsBranch reports whether s holds a branch statement outside the
// function literals in it.
func holdsBranch(s ast.Stmt) bool { return branchAfter(s, s.Pos()) }

// branchAfter reports whether s holds a branch statement at or after pos,
// outside the function literals in it.
func branchAfter(s ast.Stmt, pos token.Pos) bool {
	found := false
	ast.Inspect(s, func(c ast.Node) bool {
		switch c := c.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = c.Pos() >= pos
		}
		return !found
	})
	return found
}
