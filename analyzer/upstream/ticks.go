package upstream

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// What a tick is, stated once: the fate of a failed write (is a loop that
// writes again a retry?) and its grade (how long until a tick redoes it?)
// both ask it here.
//
// A loop runs on ticks when it waits on a timer on every turn (a select
// with a timer case, a receive from a timer channel, a time.Sleep at its
// top level, or a range over a ticker's channel) and nothing but a stop
// leaves it: no loop condition, and no return or break out of it except in
// a select case that receives from another channel (ctx.Done(), a stop
// channel). Such a loop writes again on its next tick whether or not the
// write failed: a lost write is healed there, with the tick's period. A
// loop that waits between attempts but ends on success or after a count
// (`for i := 0; i < 3; i++ { ...; time.Sleep(d) }`) is a retry.

// NoPeriod marks a tick whose period is not a constant.
const NoPeriod = time.Duration(-1)

// TickLoop reports whether loop (a for or range statement) runs on ticks,
// and the period.
func TickLoop(info *types.Info, loop ast.Node) (time.Duration, bool) {
	switch loop := loop.(type) {
	case *ast.ForStmt:
		if loop.Cond != nil {
			return 0, false
		}
		d, ok := TimerWait(info, loop.Body)
		return d, ok && !leavesLoop(info, loop.Body)
	case *ast.RangeStmt:
		d, ok := TimerChannel(info, loop.X)
		return d, ok && !leavesLoop(info, loop.Body)
	}
	return 0, false
}

// UntilDone reports whether loop is a for statement with no condition and
// no post statement that it leaves by a return or a break (not by a stop
// channel's case): it runs its body until something succeeds, so a turn
// after a failure tries the same work again, whatever it recomputes.
func UntilDone(info *types.Info, loop ast.Node) bool {
	f, ok := loop.(*ast.ForStmt)
	return ok && f.Cond == nil && f.Post == nil && leavesLoop(info, f.Body)
}

// TimerWait reports whether body waits on a timer on every turn: a select
// with a timer case, or a time.Sleep, at its top level; and the period.
func TimerWait(info *types.Info, body *ast.BlockStmt) (time.Duration, bool) {
	for _, stmt := range body.List {
		switch s := stmt.(type) {
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok && IsCallTo(info, call, FuncKey{Pkg: "time", Name: "Sleep"}) && len(call.Args) == 1 {
				return ConstPeriod(info, call.Args[0]), true
			}
			if ch := syntax.ReceivedChannel(s); ch != nil {
				if d, ok := TimerChannel(info, ch); ok {
					return d, true
				}
			}
		case *ast.SelectStmt:
			for _, c := range s.Body.List {
				if d, ok := TimerReceive(info, c.(*ast.CommClause).Comm); ok {
					return d, true
				}
			}
		}
	}
	return 0, false
}

// leavesLoop reports whether body, a loop's, has a return or a break out
// of the loop other than in a select case on a channel that is not a
// timer's (a stop).
func leavesLoop(info *types.Info, body *ast.BlockStmt) bool {
	leaves := false
	var visit func(n ast.Node, breakable int) bool
	visit = func(n ast.Node, breakable int) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if n.Comm != nil {
				if _, timer := TimerReceive(info, n.Comm); !timer {
					return false // a stop case
				}
			}
		case *ast.ReturnStmt:
			leaves = true
		case *ast.BranchStmt:
			leaves = leaves || n.Tok == token.GOTO || n.Tok == token.BREAK && (n.Label != nil || breakable == 0)
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			ast.Inspect(n, func(m ast.Node) bool {
				if m == n {
					return true
				}
				return visit(m, breakable+1)
			})
			return false
		}
		return !leaves
	}
	ast.Inspect(body, func(n ast.Node) bool { return n == body || visit(n, 0) })
	return leaves
}

// TimerReceive reports whether comm receives from a timer channel, and
// the period.
func TimerReceive(info *types.Info, comm ast.Stmt) (time.Duration, bool) {
	if ch := syntax.ReceivedChannel(comm); ch != nil {
		return TimerChannel(info, ch)
	}
	return 0, false
}

// TimerChannel reports whether ch is a timer's channel: time.After(d),
// time.Tick(d), or the C of a time.Ticker or time.Timer; and the period.
func TimerChannel(info *types.Info, ch ast.Expr) (time.Duration, bool) {
	switch ch := ast.Unparen(ch).(type) {
	case *ast.CallExpr:
		if (IsCallTo(info, ch, FuncKey{Pkg: "time", Name: "After"}) || IsCallTo(info, ch, FuncKey{Pkg: "time", Name: "Tick"})) && len(ch.Args) == 1 {
			return ConstPeriod(info, ch.Args[0]), true
		}
	case *ast.SelectorExpr:
		if ch.Sel.Name == "C" && (IsTimeType(info.TypeOf(ch.X), "Ticker") || IsTimeType(info.TypeOf(ch.X), "Timer")) {
			return NoPeriod, true
		}
	}
	return 0, false
}

// RunnerPeriod reports whether call is a periodic runner's (wait.Until and
// friends, a cron schedule's AddFunc), and the period it is given.
func RunnerPeriod(info *types.Info, call *ast.CallExpr) (time.Duration, bool) {
	fn := Callee(info, call)
	if fn != nil && CronMethods[MethodKeyOf(fn)] && len(call.Args) == 2 {
		return cronPeriod(info, call.Args[0]), true
	}
	if fn == nil || !PeriodicFuncs[FuncKeyOf(fn)] {
		return 0, false
	}
	for _, arg := range call.Args {
		if IsNamed(info.TypeOf(arg), "time", "Duration") {
			return ConstPeriod(info, arg), true
		}
	}
	return NoPeriod, true
}

// ConstPeriod returns e's constant duration, or NoPeriod.
func ConstPeriod(info *types.Info, e ast.Expr) time.Duration {
	if v := info.Types[e].Value; v != nil {
		if d, ok := constant.Int64Val(constant.ToInt(v)); ok && d > 0 {
			return time.Duration(d)
		}
	}
	return NoPeriod
}

// IsTimeType reports whether t is time.<name> or a pointer to it.
func IsTimeType(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, "time", name)
}

// cronPeriod returns the period of a constant "@every <duration>" cron
// spec, or NoPeriod for any other schedule.
func cronPeriod(info *types.Info, spec ast.Expr) time.Duration {
	v := info.Types[spec].Value
	if v == nil || v.Kind() != constant.String {
		return NoPeriod
	}
	every, ok := strings.CutPrefix(constant.StringVal(v), "@every ")
	if d, err := time.ParseDuration(every); ok && err == nil && d > 0 {
		return d
	}
	return NoPeriod
}
