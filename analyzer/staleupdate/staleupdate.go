package staleupdate

import (
	_ "embed"
	"go/ast"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

//go:embed doc.go
var docFile string

// New returns the analyzer that reports objects written again after a
// write that left them stale. It works from the Result of model (a
// model.New analyzer) and honours the directives parsed by directives (a
// diag.NewDirectives analyzer).
func New(modelAnalyzer, directives *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "staleupdate",
		Doc:        docs.MustExtract(docFile, "staleupdate"),
		Requires:   []*analysis.Analyzer{modelAnalyzer, directives},
		ResultType: reflect.TypeFor[*costStats](),
		Run: diag.WithUnusedDirectives(func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[modelAnalyzer].(*model.Result))
		}),
	}
}

// costStats is the analyzer's result: what one package cost. Its cost tests
// (cost_test.go) read it to check that control flow is built only where a
// candidate exists; nothing prints it.
type costStats struct {
	Funcs      int // function bodies (declarations and literals) in the files kube models; top-level declarations in packages it does not
	Writers    int // functions that make a write, or call a helper that returns one's error
	Candidates int // functions with two writes of one object or a write in a loop
	CFGs       int // functions of the package given a control-flow graph so far, by any analyzer (the graphs are shared)
}

// checker holds one package's state.
type checker struct {
	pass     *analysis.Pass
	res      *model.Result
	tracer   *fate.Tracer
	reported map[*model.Write]bool
	uses     *useIndex
	fix      *fixer
	// helperCalls are calls of this package's (or, by facts, another's)
	// helpers that write the object passed as a parameter: writes of that
	// argument, reported without a fix.
	helperCalls map[*model.Write]bool
	// silentCalls are calls of helpers that write the object passed and
	// lose the write's failure: after one, the object may be stale and
	// the caller cannot know.
	silentCalls map[*model.Write]bool
	// notConflictArgs are the helper calls whose helper writes only when
	// an error argument is not a Conflict, with that argument's index.
	notConflictArgs map[*model.Write]int
	// silentReported are the silent calls already reported at the first
	// write they leave stale: fixing the helper fixes the later ones too.
	silentReported map[*model.Write]bool
}

func run(pass *analysis.Pass, res *model.Result) (any, error) {
	if !res.Relevant() {
		return &costStats{Funcs: countTopLevelFuncs(pass.Files)}, nil
	}
	stats := &costStats{Funcs: res.Functions(), Writers: countWriters(res)}
	if len(res.Writes()) == 0 && len(res.ReturnerCalls()) == 0 && len(res.SilentCalls()) == 0 {
		// nothing writes here, not even through another package's helper
		return stats, nil
	}
	uses := &useIndex{info: pass.TypesInfo, res: res}
	c := &checker{
		pass:     pass,
		res:      res,
		tracer:   res.Tracer(),
		reported: make(map[*model.Write]bool),
		uses:     uses,
		fix:      &fixer{pass: pass, res: res, uses: uses, fixed: make(map[*model.Write]bool)},
	}
	for _, fw := range c.candidates() {
		stats.Candidates++
		c.checkFunc(fw)
	}
	stats.CFGs = c.tracer.CFGsBuilt()
	return stats, nil
}

// countWriters counts the functions whose writes (or calls of helpers
// returning a write's error) the model traces: the only ones that may get a
// control-flow graph.
func countWriters(res *model.Result) int {
	funcs := make(map[ast.Node]bool)
	for _, w := range res.Writes() {
		funcs[w.FuncNode] = true
	}
	for _, rc := range res.ReturnerCalls() {
		funcs[syntax.EnclosingFuncNode(res.CursorOf(rc))] = true
	}
	return len(funcs)
}

// countTopLevelFuncs counts declared functions without walking bodies, so
// that packages that never use the Kubernetes API pay next to nothing.
func countTopLevelFuncs(files []*ast.File) int {
	n := 0
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				n++
			}
		}
	}
	return n
}

// funcWrites is a function and its trackable writes outside retry scopes.
type funcWrites struct {
	fn       ast.Node // *ast.FuncDecl or *ast.FuncLit
	writes   []*model.Write
	deferred []deferredWrite // writes of the literals fn defers (deferred.go)
}

// candidates returns, in source order, the functions worth a control-flow
// graph: two or more writes of one object, or a write that can run again
// (inside a loop, or in a function that uses goto).
func (c *checker) candidates() []funcWrites {
	var order []ast.Node
	byFunc := make(map[ast.Node][]*model.Write)
	for _, w := range slices.Concat(c.res.Writes(), c.helperWrites(), c.silentWrites(), c.callbackWrites()) {
		if w.Scope != nil || w.CannotConflict || !w.Object.Valid() || w.FuncNode == nil || syntax.InTestCode(c.pass.Fset, c.pass.Files, w.Call.Pos()) {
			// tests write fixtures without a resourceVersion through fake
			// clientsets, and a conflicting test fails where it runs
			continue
		}
		if byFunc[w.FuncNode] == nil {
			order = append(order, w.FuncNode)
		}
		byFunc[w.FuncNode] = append(byFunc[w.FuncNode], w)
	}
	slices.SortFunc(order, func(a, b ast.Node) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range order {
		slices.SortFunc(byFunc[fn], func(a, b *model.Write) int { return int(a.Call.Pos() - b.Call.Pos()) })
	}
	var out []funcWrites
	for _, fn := range order {
		ws := byFunc[fn]
		ds := c.deferredWrites(fn, byFunc)
		if repeatsObject(ws) || anyRepeats(ws) || slices.ContainsFunc(ws, func(w *model.Write) bool { return writesAgainOnReturn(ds, w.Object) }) {
			out = append(out, funcWrites{fn: fn, writes: ws, deferred: ds})
		}
	}
	return out
}

func repeatsObject(ws []*model.Write) bool {
	for i, w := range ws {
		for _, v := range ws[i+1:] {
			if w.Object.Same(v.Object) {
				return true
			}
		}
	}
	return false
}

// anyRepeats reports whether one of ws sits in a loop of its own function,
// or in a function that jumps with goto.
func anyRepeats(ws []*model.Write) bool {
	for _, w := range ws {
		for enc := range w.Cursor.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
			switch enc.Node().(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				return true
			}
			break
		}
	}
	return syntax.UsesGoto(ws[0].FuncNode)
}

// helperWrites returns, as writes of their arguments, the calls of helpers
// that write the object passed as one of their parameters: a loop or a
// fallback that calls one again after it failed resends a stale object
// just as a direct write would.
func (c *checker) helperWrites() []*model.Write {
	c.helperCalls = make(map[*model.Write]bool)
	c.notConflictArgs = make(map[*model.Write]int)
	var out []*model.Write
	for _, rc := range c.res.ReturnerCalls() {
		r := c.res.Returners()[rc.Callee]
		if r.Param < 0 || r.Param >= len(rc.Call.Args) {
			continue
		}
		cur := c.res.CursorOf(rc)
		kind := upstream.WriteUpdate // a foreign helper: assume it refreshes in place, the quieter choice
		if r.Inner != nil {
			kind = r.Inner.Kind
		}
		w := &model.Write{
			Call: rc.Call, Cursor: cur, Kind: kind, Results: resultCount(c.pass.TypesInfo, rc.Call),
			Object:   upstream.ObjectOf(c.pass.TypesInfo, rc.Call.Args[r.Param]),
			FuncNode: syntax.EnclosingFuncNode(cur), Scope: c.res.ScopeOf(cur),
		}
		c.helperCalls[w] = true
		if g := r.ConflictGuard; g != nil && g.Param < len(rc.Call.Args) {
			c.notConflictArgs[w] = g.Param
		}
		out = append(out, w)
	}
	return out
}

// silentWrites returns, as writes of their arguments, the calls of helpers
// that write the object passed and lose the write's failure (see
// model.SilentCall): a later write of that object may resend the version
// the helper's write was refused.
func (c *checker) silentWrites() []*model.Write {
	c.silentCalls = make(map[*model.Write]bool)
	c.silentReported = make(map[*model.Write]bool)
	var out []*model.Write
	for _, sc := range c.res.SilentCalls() {
		obj := sc.Object // a field of the call's receiver
		if sc.Param >= 0 {
			obj = upstream.ObjectOf(c.pass.TypesInfo, sc.Call.Args[sc.Param])
		}
		w := &model.Write{
			Call: sc.Call, Cursor: sc.Cursor, Kind: upstream.WriteUpdate, Results: resultCount(c.pass.TypesInfo, sc.Call),
			Object:   obj,
			FuncNode: syntax.EnclosingFuncNode(sc.Cursor), Scope: c.res.ScopeOf(sc.Cursor),
		}
		c.silentCalls[w] = true
		c.helperCalls[w] = true
		if sc.NotConflict >= 0 && sc.NotConflict < len(sc.Call.Args) {
			c.notConflictArgs[w] = sc.NotConflict
		}
		out = append(out, w)
	}
	return out
}

// callbackWrites returns, as writes of their objects, the calls that
// run a function literal given as an argument whose write of an object
// of the enclosing function hands its failure back to the caller
// (`err := r.withConn(url, func(c *Conn) error { ...; return
// r.Update(ctx, obj) })`). A parameter of a function type with an error
// result hands that error on, as unretriedupdate judges it, so the
// call's failure may be the write's: a later write of obj after it may
// resend the version the server refused, as after a returner's call.
func (c *checker) callbackWrites() []*model.Write {
	var out []*model.Write
	for _, w := range c.res.Writes() {
		call, cur, ok := c.runnerOf(w)
		if !ok || slices.ContainsFunc(out, func(o *model.Write) bool { return o.Call == call && o.Object.Same(w.Object) }) {
			continue
		}
		cw := &model.Write{
			Call: call, Cursor: cur, Kind: w.Kind, Results: resultCount(c.pass.TypesInfo, call),
			Object: w.Object, FuncNode: syntax.EnclosingFuncNode(cur), Scope: c.res.ScopeOf(cur),
		}
		c.helperCalls[cw] = true
		out = append(out, cw)
	}
	return out
}

// runnerOf returns the call that w's function literal is an argument of,
// when w writes an object the literal captures and hands its failure
// back as the literal's error, and the call returns an error itself.
func (c *checker) runnerOf(w *model.Write) (*ast.CallExpr, inspector.Cursor, bool) {
	lit, ok := w.FuncNode.(*ast.FuncLit)
	if !ok || w.Scope != nil || w.CannotConflict || !w.Object.Valid() || syntax.Within(declIdent(w.Object.Root), lit) {
		return nil, inspector.Cursor{}, false
	}
	litCur := w.Cursor
	for litCur.Valid() && litCur.Node() != lit {
		litCur = litCur.Parent()
	}
	if !litCur.Valid() {
		return nil, inspector.Cursor{}, false
	}
	callCur := litCur.Parent()
	call, isCall := callCur.Node().(*ast.CallExpr)
	if !isCall || !slices.Contains(call.Args, ast.Expr(lit)) || !errorLast(c.pass.TypesInfo, call) {
		return nil, inspector.Cursor{}, false
	}
	if !c.tracer.Trace(w.Cursor).HandsOn() {
		return nil, inspector.Cursor{}, false
	}
	return call, callCur, true
}

// errorLast reports whether call's last result is an error.
func errorLast(info *types.Info, call *ast.CallExpr) bool {
	switch t := info.TypeOf(call).(type) {
	case *types.Tuple:
		return t.Len() > 0 && upstream.IsErrorType(t.At(t.Len()-1).Type())
	default:
		return t != nil && upstream.IsErrorType(t)
	}
}

// declIdent is a node at v's declaration, for Within.
func declIdent(v *types.Var) ast.Node { return &ast.Ident{NamePos: v.Pos()} }

// resultCount is the number of results call gives (one when its type is
// a single value, or not known).
func resultCount(info *types.Info, call *ast.CallExpr) int {
	if tup, ok := info.TypeOf(call).(*types.Tuple); ok {
		return tup.Len()
	}
	return 1
}
