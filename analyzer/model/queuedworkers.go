package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The worker side of a project's own event loop (queuedticks.go): where
// the tick's items come off their queue, and which of the worker's calls
// run for them.

// findWorkers follows every worker of pkg that takes a tick's items.
func (f *tickFinder) findWorkers(pkg ProgramPackage) {
	queued := map[*types.Var][]queuedItem{}
	for _, it := range f.items {
		queued[it.queue] = append(queued[it.queue], it)
	}
	if !mayUseAnyVar(pkg.Pkg, queued) || !usesAnyVar(pkg.Info, queued) {
		return
	}
	for _, decl := range syntax.FuncDecls(pkg.Info, pkg.Files) {
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			f.takeAt(pkg, decl, n, queued)
			return true
		})
	}
}

// mayUseAnyVar reports whether pkg (nil: not known) may use one of vars:
// an unexported variable or field is used only in its own package.
func mayUseAnyVar(pkg *types.Package, vars map[*types.Var][]queuedItem) bool {
	if pkg == nil {
		return true
	}
	for v := range vars {
		if v.Exported() || v.Pkg() == nil || v.Pkg().Path() == pkg.Path() {
			return true
		}
	}
	return false
}

func usesAnyVar(info *types.Info, vars map[*types.Var][]queuedItem) bool {
	for _, obj := range info.Uses {
		if v, ok := obj.(*types.Var); ok && vars[v] != nil {
			return true
		}
	}
	return false
}

// takeAt follows the items n takes off a queue: a Pop's function, the
// result of a Get, a receive from a channel (in a select case, the case).
func (f *tickFinder) takeAt(pkg ProgramPackage, decl *ast.FuncDecl, n ast.Node, queued map[*types.Var][]queuedItem) {
	var item *types.Var
	var body *ast.BlockStmt
	var items []queuedItem
	switch n := n.(type) {
	case *ast.CallExpr:
		if upstream.QueueOpOf(upstream.Callee(pkg.Info, n)) != upstream.QueuePop || len(n.Args) == 0 {
			return
		}
		items = queued[receiverQueue(pkg.Info, n)]
		item, body = f.handlerOf(pkg.Info, n.Args[0])
	case *ast.AssignStmt:
		if len(n.Rhs) != 1 {
			return
		}
		items = queued[queueTakenFrom(pkg.Info, n.Rhs[0])]
		item, body = lhsVar(pkg.Info, n.Lhs[0]), decl.Body
	case *ast.CommClause:
		if as, ok := n.Comm.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			items = queued[queueTakenFrom(pkg.Info, as.Rhs[0])]
			item, body = lhsVar(pkg.Info, as.Lhs[0]), &ast.BlockStmt{List: n.Body}
		}
	case *ast.RangeStmt:
		if _, ok := typeinfo.UnderOf(pkg.Info, n.X).(*types.Chan); ok && n.Key != nil {
			items = queued[queueVar(pkg.Info, n.X)]
			item, body = lhsVar(pkg.Info, n.Key), n.Body
		}
	}
	if item == nil || body == nil {
		return
	}
	for _, it := range items {
		d := &dispatch{info: pkg.Info, fset: pkg.Fset, items: map[*types.Var]bool{item: true},
			fields: maps.Clone(it.fields), typ: it.typ, period: it.period, worker: true}
		f.dispatchIn(d, body, 0)
	}
}

// queueTakenFrom returns the queue e takes an item from: `q.Get()`, `<-ch`.
func queueTakenFrom(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if upstream.QueueOpOf(upstream.Callee(info, e)) == upstream.QueueGet {
			return receiverQueue(info, e)
		}
	case *ast.UnaryExpr:
		if e.Op == token.ARROW {
			return queueVar(info, e.X)
		}
	}
	return nil
}

func lhsVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// handlerOf returns the item parameter and body of the function a Pop is
// given: a literal (through a conversion to cache.PopProcessFunc too), or
// a declared function or method.
func (f *tickFinder) handlerOf(info *types.Info, arg ast.Expr) (*types.Var, *ast.BlockStmt) {
	arg = ast.Unparen(arg)
	if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 && info.Types[conv.Fun].IsType() {
		arg = ast.Unparen(conv.Args[0])
	}
	if lit, ok := arg.(*ast.FuncLit); ok {
		return firstParam(info, lit.Type), lit.Body
	}
	fn, _ := info.Uses[syntax.NameIdent(arg)].(*types.Func)
	if fn == nil {
		return nil, nil
	}
	d, ok := f.declsOf()[fn.Origin()]
	if !ok {
		return nil, nil
	}
	return firstParam(d.info, d.decl.Type), d.decl.Body
}

func firstParam(info *types.Info, ft *ast.FuncType) *types.Var {
	if ft.Params == nil || len(ft.Params.List) == 0 || len(ft.Params.List[0].Names) == 0 {
		return nil
	}
	v, _ := info.Defs[ft.Params.List[0].Names[0]].(*types.Var)
	return v
}

// dispatch is a walk of the code that runs on each tick: a worker's,
// whose items (and the variables they are held in) select its branches,
// or a function the tick runs, whose main line runs.
type dispatch struct {
	info   *types.Info
	fset   *token.FileSet
	items  map[*types.Var]bool
	fields map[string][]constant.Value // the item's fields' values, where known
	typ    types.Type                  // the item's type
	period time.Duration
	worker bool // the walk is a worker's: its calls are noted where they are
}

// dispatchIn walks body for the calls that run on each tick.
func (f *tickFinder) dispatchIn(d *dispatch, body *ast.BlockStmt, depth int) {
	d.noteAliases(body)
	f.walkStmt(d, body, depth)
}

// noteAliases adds to the items the variables body holds them in
// (`event, ok := obj.(ClusterEvent)`), and to a field's values the
// constants body gives it (`event.EventType = EventSync`); a field given
// anything else has no values known.
func (d *dispatch) noteAliases(body *ast.BlockStmt) {
	for range 2 { // an alias of an alias
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 && len(as.Rhs) != len(as.Lhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				rhs := as.Rhs[min(i, len(as.Rhs)-1)]
				if i > 0 && len(as.Rhs) == 1 {
					continue
				}
				d.noteAssign(lhs, rhs)
			}
			return true
		})
	}
}

// noteAssign notes one assignment of rhs to lhs (see noteAliases).
func (d *dispatch) noteAssign(lhs, rhs ast.Expr) {
	if sel, ok := lhs.(*ast.SelectorExpr); ok && d.isItem(sel.X) {
		if c := d.info.Types[rhs].Value; c != nil && d.fields[sel.Sel.Name] != nil {
			d.fields[sel.Sel.Name] = append(d.fields[sel.Sel.Name], c)
		} else {
			delete(d.fields, sel.Sel.Name)
		}
		return
	}
	src := ast.Unparen(rhs)
	if ta, ok := src.(*ast.TypeAssertExpr); ok && ta.Type != nil {
		src = ta.X
	}
	if v := lhsVar(d.info, lhs); v != nil && d.isItem(src) {
		d.items[v] = true
	}
}

// isItem reports whether e is a variable holding the item.
func (d *dispatch) isItem(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := d.info.Uses[id].(*types.Var)
	return v != nil && d.items[v]
}

// walkStmt walks a statement that runs on each tick for the calls that
// do: everything but branches the tick may not take.
func (f *tickFinder) walkStmt(d *dispatch, s ast.Stmt, depth int) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		for _, st := range s.List {
			f.walkStmt(d, st, depth)
		}
	case *ast.IfStmt:
		f.walkNodes(d, depth, s.Init, s.Cond)
		then, els := f.branches(d, s.Cond)
		if then {
			f.walkStmt(d, s.Body, depth)
		}
		if els && s.Else != nil {
			f.walkStmt(d, s.Else, depth)
		}
	case *ast.SwitchStmt:
		f.walkNodes(d, depth, s.Init, s.Tag)
		for _, c := range s.Body.List {
			if cc := c.(*ast.CaseClause); f.caseRuns(d, s, cc) {
				f.walkStmt(d, &ast.BlockStmt{List: cc.Body}, depth)
			}
		}
	case *ast.TypeSwitchStmt:
		f.walkNodes(d, depth, s.Init)
		for _, c := range s.Body.List {
			if cc := c.(*ast.CaseClause); f.typeCaseRuns(d, s, cc) {
				f.walkStmt(d, &ast.BlockStmt{List: cc.Body}, depth)
			}
		}
	case *ast.ForStmt:
		f.walkNodes(d, depth, s.Init, s.Cond, s.Post)
		f.walkStmt(d, s.Body, depth)
	case *ast.RangeStmt:
		f.walkNodes(d, depth, s.X)
		f.walkStmt(d, s.Body, depth)
	case *ast.LabeledStmt:
		f.walkStmt(d, s.Stmt, depth)
	case *ast.SelectStmt, *ast.GoStmt, nil:
		// a select case waits on something else; a goroutine runs apart
	default:
		f.walkNodes(d, depth, s)
	}
}

// walkNodes notes the calls in nodes (a literal called where it stands is
// walked as part of them).
func (f *tickFinder) walkNodes(d *dispatch, depth int, nodes ...ast.Node) {
	for _, n := range nodes {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				f.atCall(d, n, depth)
			}
			return true
		})
	}
}

// atCall notes a call that runs on each tick: where it is, in a worker;
// the function it calls, or, when it hands the item on, that function's
// own dispatch (a literal called in place is walked as part of d).
//
// A call that hands the item on is no site: what it runs depends on the
// item, and a change lost in it is one the callee's dispatch decides.
func (f *tickFinder) atCall(d *dispatch, call *ast.CallExpr, depth int) {
	handsOn := d.worker && slices.ContainsFunc(call.Args, d.isItem)
	if d.worker && !handsOn {
		f.ticks.noteSite(d.fset.Position(call.Pos()), d.period)
	}
	if depth >= maxTickDepth || call.Ellipsis.IsValid() {
		return
	}
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		maps.Copy(d.items, itemParams(d, call, d.info, lit.Type))
		f.dispatchIn(d, lit.Body, depth+1)
		return
	}
	fn := upstream.Callee(d.info, call)
	if fn == nil {
		return
	}
	decl, ok := f.declsOf()[fn.Origin()]
	if !ok {
		return
	}
	if params := itemParams(d, call, decl.info, decl.decl.Type); handsOn && len(params) > 0 {
		child := &dispatch{info: decl.info, fset: decl.fset, items: params, fields: maps.Clone(d.fields), typ: d.typ, period: d.period, worker: true}
		f.dispatchIn(child, decl.decl.Body, depth+1)
		return
	}
	if id := FuncIDOf(fn); f.ticks.noteFunc(id, d.period) {
		f.fresh = append(f.fresh, id)
	}
}

// itemParams returns the parameters of the function of type ft that call
// hands one of d's items.
func itemParams(d *dispatch, call *ast.CallExpr, info *types.Info, ft *ast.FuncType) map[*types.Var]bool {
	params := map[*types.Var]bool{}
	i := 0
	for _, field := range ft.Params.List {
		for _, name := range field.Names {
			if v, ok := info.Defs[name].(*types.Var); ok && i < len(call.Args) && d.isItem(call.Args[i]) {
				params[v] = true
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return params
}

// noteSite notes a worker's call that runs on each tick of period.
func (q *queuedTicks) noteSite(at token.Position, period time.Duration) {
	if d, ok := q.sites[at]; !ok || shorterPeriod(d, period) != d {
		q.sites[at] = period
	}
}

// noteFunc notes a function that runs on each tick of period, and
// reports whether that is news.
func (q *queuedTicks) noteFunc(fn FuncID, period time.Duration) bool {
	if d, ok := q.funcs[fn]; ok && shorterPeriod(d, period) == d {
		return false
	}
	q.funcs[fn] = period
	return true
}

// closeOverMainLines adds what the functions run on each tick call on
// their main line, until nothing is added (or runs on a shorter tick).
func (f *tickFinder) closeOverMainLines() {
	byID := map[FuncID]declOf{}
	indexed := map[string]bool{} // the packages whose declarations byID holds
	for len(f.fresh) > 0 {
		fn := f.fresh[len(f.fresh)-1]
		f.fresh = f.fresh[:len(f.fresh)-1]
		if !indexed[fn.pkg] {
			indexed[fn.pkg] = true
			f.indexDecls(fn.pkg, byID)
		}
		if d, ok := byID[fn]; ok {
			f.walkStmt(&dispatch{info: d.info, fset: d.fset, items: map[*types.Var]bool{}, period: f.ticks.funcs[fn]}, d.decl.Body, 0)
		}
	}
}

// indexDecls adds to byID the function declarations of the program's
// package at path: only the packages where a function runs on a tick are
// indexed.
func (f *tickFinder) indexDecls(path string, byID map[FuncID]declOf) {
	for _, pkg := range f.pkgs {
		if pkg.Pkg == nil || pkg.Pkg.Path() == path { // a package without its types: one package's own loops (dispatchedwatch.go)
			for fn, decl := range syntax.FuncDecls(pkg.Info, pkg.Files) {
				byID[FuncIDOf(fn)] = declOf{decl, pkg.Info, pkg.Fset}
			}
		}
	}
}
