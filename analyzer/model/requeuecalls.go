package model

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A helper that hides its write's failure is often called from several
// places of a Reconcile, each followed by a return that requeues (`return
// ctrl.Result{}, err` after a failed step, `RequeueAfter` at the end),
// while returns elsewhere in the function do not (the deletion's `return
// ctrl.Result{}, nil`): the requeue that follows each call runs the helper
// again, as the requeue of a tail does (requeuetail.go). A helper counts
// when every return that can follow each of its calls requeues; a call in
// a loop, a switch, a select, a function literal or a go or defer
// statement, where what follows is not read from the statements' order,
// rules the helper out.

// requeuedCallees returns the functions every call of which, in body, is
// followed only by returns that requeue (of those that can follow it),
// with the longest period of those returns.
func requeuedCallees(info *types.Info, body *ast.BlockStmt, vars *reconcilePeriods, gone map[*ast.ReturnStmt]bool) map[FuncID]time.Duration {
	periods, ruledOut := map[FuncID]time.Duration{}, map[FuncID]bool{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := upstream.Callee(info, call)
		if fn == nil || !projectFunc(fn) {
			return true
		}
		k := FuncIDOf(fn)
		if ruledOut[k] {
			return true // one call is enough to rule it out
		}
		d, ok := requeuesAfter(info, stack, vars, gone)
		if !ok {
			ruledOut[k] = true
		} else {
			periods[k] = longerPeriod(periods[k], d)
		}
		return true
	})
	for k := range ruledOut {
		delete(periods, k)
	}
	return periods
}

// projectFunc reports whether fn can be a project's helper that writes:
// not upstream's, whose functions have no findings to grade.
func projectFunc(fn *types.Func) bool {
	return fn.Pkg() != nil && !upstream.IsUpstream(fn.Pkg())
}

// requeuesAfter judges the returns that can follow the innermost node of
// path (the nodes from the body down): ok when there is one at least and
// each requeues, d the longest period.
func requeuesAfter(info *types.Info, path []ast.Node, vars *reconcilePeriods, gone map[*ast.ReturnStmt]bool) (d time.Duration, ok bool) {
	var rets []*ast.ReturnStmt
	for i := len(path) - 2; i >= 0; i-- {
		child := path[i+1]
		switch a := path[i].(type) {
		case *ast.BlockStmt:
			ended := false
			for _, s := range a.List {
				if s.End() <= child.Pos() {
					continue
				}
				if s != child {
					rets = append(rets, returnsIn(s)...)
					_, ended = s.(*ast.ReturnStmt)
				}
				if ended {
					break
				}
			}
			if ended {
				return judgeReturns(info, rets, vars, gone)
			}
		case *ast.IfStmt:
			if child == a.Init || child == a.Cond {
				rets = append(rets, returnsIn(a.Body)...)
				if a.Else != nil {
					rets = append(rets, returnsIn(a.Else)...)
				}
			}
		case *ast.ReturnStmt:
			rets = append(rets, a)
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt,
			*ast.CaseClause, *ast.CommClause, *ast.LabeledStmt, *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt, *ast.BranchStmt:
			return 0, false
		}
	}
	return judgeReturns(info, rets, vars, gone)
}

// returnsIn returns the return statements under n, those of its
// function literals aside.
func returnsIn(n ast.Node) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// judgeReturns reports whether rets holds a return at least and each
// requeues (one that leaves after the object's deletion aside), with the
// longest period.
func judgeReturns(info *types.Info, rets []*ast.ReturnStmt, vars *reconcilePeriods, gone map[*ast.ReturnStmt]bool) (d time.Duration, ok bool) {
	n := 0
	for _, r := range rets {
		if gone[r] {
			continue
		}
		p, good := quietReturnPeriod(info, r, vars)
		if !good {
			return 0, false
		}
		n++
		d = longerPeriod(d, p)
	}
	return d, n > 0
}
