package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The constant values an expression can hold on a tick's way (queuedticks.go):
// a constant; a parameter, what the tick's calls handed it; a local
// variable, every constant it is given in its function (a variable given
// anything else, or whose address is taken, has none known). The tick's
// own values for a parameter and the function's assignments to it are
// joined: `if eventType == EventUpdate { eventType = EventSync }` adds
// EventSync to what the parameter may hold.

// values returns the constants e may hold in x's function.
func (x valueFrame) values(e ast.Expr) ([]constant.Value, bool) {
	e = ast.Unparen(e)
	if tv := x.info.Types[e]; tv.Value != nil {
		return []constant.Value{tv.Value}, true
	}
	id, ok := e.(*ast.Ident)
	v, _ := x.info.Uses[id].(*types.Var)
	if !ok || v == nil || !syntax.Encloses(x.fn, v.Pos()) {
		return nil, false // a field, a package variable, a captured one
	}
	out, bound := x.bind[v]
	if !bound && isParam(x.fn, v) {
		return nil, false
	}
	out = slices.Clone(out)
	known := true
	forEachAssign(x.fn, func(lhs *ast.Ident, rhs ast.Expr, single bool) {
		if x.info.ObjectOf(lhs) != v {
			return
		}
		var c constant.Value
		switch {
		case !single:
		case rhs == nil:
			c = zeroValue(v.Type())
		default:
			c = x.info.Types[rhs].Value
		}
		if c == nil {
			known = false
			return
		}
		out = append(out, c)
	})
	return out, known && len(out) > 0
}

// isParam reports whether v is a parameter (or receiver, or named result)
// of the function fn.
func isParam(fn ast.Node, v *types.Var) bool {
	if decl, ok := fn.(*ast.FuncDecl); ok && decl.Recv != nil && syntax.Encloses(decl.Recv, v.Pos()) {
		return true
	}
	ft := syntax.FuncType(fn)
	return ft != nil && syntax.Encloses(ft, v.Pos())
}

// zeroValue is the constant zero value of a basic type, or nil.
func zeroValue(t types.Type) constant.Value {
	b, ok := t.Underlying().(*types.Basic)
	switch {
	case !ok:
		return nil
	case b.Info()&types.IsString != 0:
		return constant.MakeString("")
	case b.Info()&types.IsInteger != 0:
		return constant.MakeInt64(0)
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	}
	return nil
}

// forEachAssign calls visit for every variable fn's body gives a value:
// with the one expression it is given (single), nil for a declaration
// without one (the zero value); single is false when the value is not one
// expression of its own (a call's results, `x += 1`, a range variable,
// `&x` that lets anything change it).
func forEachAssign(fn ast.Node, visit func(lhs *ast.Ident, rhs ast.Expr, single bool)) {
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok {
					if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
						visit(id, n.Rhs[i], true)
					} else {
						visit(id, nil, false)
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				switch {
				case len(n.Values) == 0:
					visit(id, nil, true)
				case len(n.Values) == len(n.Names):
					visit(id, n.Values[i], true)
				default:
					visit(id, nil, false)
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					visit(id, nil, false)
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				visit(id, nil, false)
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND {
				visit(id, nil, false)
			}
		}
		return true
	})
}

// bindArgs returns the constants call hands each parameter of d.
func bindArgs(x valueFrame, d declOf, call *ast.CallExpr) map[*types.Var][]constant.Value {
	bind := map[*types.Var][]constant.Value{}
	params := syntax.ParamVars(d.info, d.decl)
	if call.Ellipsis.IsValid() || len(params) != len(call.Args) {
		return bind
	}
	for i, p := range params {
		if vals, ok := x.values(call.Args[i]); ok && p != nil {
			bind[p] = vals
		}
	}
	return bind
}

// objectRanges returns the range statements of body over Kubernetes
// objects read on the tick: held by a parameter the tick's calls hand
// down, or by a local variable only a call's results are given to (a
// List), not a field or a slice kept from before the tick.
func objectRanges(x valueFrame, body ast.Node) []*ast.RangeStmt {
	var ranges []*ast.RangeStmt
	ast.Inspect(body, func(n ast.Node) bool {
		r, ok := n.(*ast.RangeStmt)
		if !ok {
			return !isLit(n)
		}
		s, ok := typeinfo.UnderOf(x.info, r.X).(*types.Slice)
		v, _ := x.info.Uses[rootOfSelector(r.X)].(*types.Var)
		if ok && upstream.CarriesResourceVersion(s.Elem()) && v != nil && (isParam(x.fn, v) || x.onlyCallResults(v)) {
			ranges = append(ranges, r)
		}
		return true
	})
	return ranges
}

// onlyCallResults reports whether v is a local variable of x's function
// that is only ever given a call's results.
func (x valueFrame) onlyCallResults(v *types.Var) bool {
	if !syntax.Encloses(x.fn, v.Pos()) {
		return false
	}
	only, given := true, false
	forEachAssign(x.fn, func(lhs *ast.Ident, _ ast.Expr, _ bool) {
		if x.info.ObjectOf(lhs) == v {
			given = true
		}
	})
	ast.Inspect(x.fn, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			for _, lhs := range as.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && x.info.ObjectOf(id) == v {
					call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
					only = only && isCall && !x.info.Types[call.Fun].IsType()
				}
			}
		} else if ok {
			for _, lhs := range as.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && x.info.ObjectOf(id) == v {
					only = false
				}
			}
		}
		if vs, ok := n.(*ast.ValueSpec); ok && slices.ContainsFunc(vs.Names, func(id *ast.Ident) bool { return x.info.ObjectOf(id) == v }) {
			only = only && len(vs.Values) == 1 && isCallExpr(vs.Values[0])
		}
		return true
	})
	return given && only
}

func isCallExpr(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok
}

func isLit(n ast.Node) bool {
	_, ok := n.(*ast.FuncLit)
	return ok
}

// rootOfSelector returns the identifier a selector chain starts from
// (list.Items: list).
func rootOfSelector(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// within reports whether n is in the body of one of the ranges.
func within(ranges []*ast.RangeStmt, n ast.Node) bool {
	return slices.ContainsFunc(ranges, func(r *ast.RangeStmt) bool { return syntax.Within(n, r.Body) })
}

// tickBody returns the code a timer use at cur runs on each tick, the
// frame of the function it is in, and the period: a select case on the
// timer in a loop that runs on ticks, such a loop's body, a function given
// to a periodic runner.
func (f *tickFinder) tickBody(info *types.Info, cur inspector.Cursor) (body ast.Node, x valueFrame, period time.Duration, ok bool) {
	for enc := range cur.Enclosing() {
		switch n := enc.Node().(type) {
		case *ast.CommClause:
			d, ok := upstream.TimerReceive(info, n.Comm)
			if !ok {
				return nil, x, 0, false
			}
			if _, ok := upstream.TickLoop(info, syntax.InnermostLoop(enc)); !ok {
				return nil, x, 0, false
			}
			return &ast.BlockStmt{List: n.Body}, valueFrame{info: info, fn: syntax.EnclosingFuncNode(enc)}, tickerPeriod(info, enc, d), true
		case *ast.ForStmt, *ast.RangeStmt:
			if d, ok := upstream.TickLoop(info, n); ok {
				return n, valueFrame{info: info, fn: syntax.EnclosingFuncNode(enc)}, tickerPeriod(info, enc, d), true
			}
		case *ast.CallExpr:
			if d, ok := upstream.RunnerPeriod(info, n); ok && syntax.Within(cur.Node(), n.Fun) && len(n.Args) > 0 {
				body, x, ok := f.runBody(info, n.Args[0])
				return body, x, d, ok
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, x, 0, false
		}
	}
	return nil, x, 0, false
}

// runBody returns the body of the function value a periodic runner is
// given, a literal or a declared function or method, and its frame.
func (f *tickFinder) runBody(info *types.Info, fnValue ast.Expr) (ast.Node, valueFrame, bool) {
	if lit, ok := ast.Unparen(fnValue).(*ast.FuncLit); ok {
		return lit.Body, valueFrame{info: info, fn: lit}, true
	}
	fn, _ := info.Uses[syntax.NameIdent(fnValue)].(*types.Func)
	if fn == nil {
		return nil, valueFrame{}, false
	}
	d, ok := f.declsOf()[fn.Origin()]
	if !ok {
		return nil, valueFrame{}, false
	}
	return d.decl.Body, valueFrame{info: d.info, fn: d.decl}, true
}
