package listermutation

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/model/cache"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

//go:embed doc.go
var docFile string

// New returns the analyzer that reports objects of an informer cache
// changed in place, reading the suite's model and directives analyzers.
func New(modelAnalyzer, directives *analysis.Analyzer) *analysis.Analyzer {
	seesMetadata := syntax.NewImportReach(func(p *types.Package) bool { return syntax.PkgPath(p) == upstream.MetaV1Path })
	return &analysis.Analyzer{
		Name:             "listermutation",
		Doc:              docs.MustExtract(docFile, "listermutation"),
		Requires:         []*analysis.Analyzer{modelAnalyzer, directives},
		FactTypes:        []analysis.Fact{new(MutatesFact), new(ReturnsCachedFact), new(HandsCachedFact)},
		RunDespiteErrors: true,
		Run: diag.WithUnusedDirectives(func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[modelAnalyzer].(*model.Result), seesMetadata)
		}),
	}
}

type checker struct {
	pass  *analysis.Pass
	cache *cache.Cache
	// seesMetadata tells the packages that import, transitively, the
	// object metadata package.
	seesMetadata *syntax.ImportReach
	// factsUnread: no unit of the run imports the package (see
	// model.Result.FactsUnread), so it exports no facts.
	factsUnread bool
	// exposure tells the methods whose facts an importer can read.
	exposure *typeinfo.Exposure
	decls    map[*types.Func]*ast.FuncDecl
	// declNames are the names of decls' functions: an identifier with
	// another name cannot refer to one (see localCallees).
	declNames map[string]bool
	// sums are this package's function summaries (see summaries), and
	// callees the functions of this package each one names.
	sums    summaries
	callees map[*types.Func][]*types.Func
	// writes are the model's conflict-prone writes, for the message.
	writes []*model.Write
	// handed are the interface methods whose implementations receive the
	// cache's objects, with those parameters (see HandsCachedFact).
	handed map[*types.Func][]int
}

func run(pass *analysis.Pass, res *model.Result, seesMetadata *syntax.ImportReach) (any, error) {
	// A package whose function bodies were not type-checked (see
	// typeinfo.BodiesChecked) is skipped like one without files.
	if len(pass.Files) == 0 || upstream.IsUpstream(pass.Pkg) || !res.BodiesChecked(pass) {
		return nil, nil
	}
	if res.Covered() {
		return nil, nil // test files are skipped; the package's own unit has the rest
	}
	exposure, restore := typeinfo.ExportImportable(pass)
	defer restore()
	view := res.Cache(pass)
	c := &checker{
		pass: pass, exposure: exposure, factsUnread: res.FactsUnread(), cache: view, seesMetadata: seesMetadata, writes: res.Writes(),
		sums:    summaries{final: make(map[*types.Func]summary), open: make(map[*types.Func]summary)},
		callees: make(map[*types.Func][]*types.Func),
		handed:  make(map[*types.Func][]int),
	}
	c.handedFacts()
	if view == nil {
		// The package never touches a cache itself: it tells its importers
		// which of its exported functions change an object they are given,
		// and is checked only when it reads the cache through a function
		// of another package.
		c.cache = cache.Calls(pass)
		if !seesMetadata.From(pass.Pkg) || !usesReturnsCached(pass) && !c.implementsHanded() {
			c.exportFacts(false)
			return nil, nil
		}
	}
	c.exportFacts(true)
	if view != nil {
		c.findHanded()
	}
	for _, f := range pass.Files {
		// A test's informers and listers serve only that test, which may
		// change their objects on purpose (to check that a lister copies).
		if ast.IsGenerated(f) || syntax.InTestFile(pass.Fset, f.Pos()) || syntax.TestSupport(f) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.checkFunc(fd)
			}
		}
	}
	return nil, nil
}

// checkFunc reports the changes to cache-owned objects in fd.
func (c *checker) checkFunc(fd *ast.FuncDecl) {
	defer guard.Locate(c.pass.Fset, fd.Pos())
	initial := make(map[*types.Var]val)
	for v, fn := range c.cache.HandlerParams {
		if fd.Pos() <= fn.Pos() && fn.End() <= fd.End() {
			initial[v] = val{cached, &source{node: &ast.Ident{NamePos: v.Pos(), Name: v.Name()}, what: "the event handler's argument " + v.Name(), param: -1}}
		}
	}
	events := make(map[*types.Var]bool)
	for v, fn := range c.cache.EventParams {
		if fd.Pos() <= fn.Pos() && fn.End() <= fd.End() {
			events[v] = true
		}
	}
	if params, ok := c.handedParams(fd); ok {
		for v, m := range params {
			what := fmt.Sprintf("the argument %s, which %s.%s is given from the informer cache", v.Name(), m.Pkg().Name(), m.Name())
			initial[v] = val{cached, &source{node: &ast.Ident{NamePos: v.Pos(), Name: v.Name()}, what: what, param: -1}}
		}
	}
	if len(initial) == 0 && len(events) == 0 && !c.readsCache(fd.Body) {
		return
	}
	t := c.newTracker(initial)
	t.eventArgs = events
	t.mutated = func(at ast.Node, what string, x val) {
		s, ok := c.changeSite(at, t.viaParam)
		c.report(at, what, x, s, ok)
	}
	t.walk(fd.Body)
}

// readsCache reports whether body makes a call that can give it an object
// of the cache: a read of the cache (a lister, a store, a work queue's
// item, a controller-runtime read into a shallow copy) or a helper that
// can return one. Without one, nor a handler's argument, the function
// holds no object of the cache, and the walk would find nothing.
func (c *checker) readsCache(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if c.cache.ReadAt(call) != upstream.NotCacheRead {
				found = true
			} else if fn := upstream.Callee(c.pass.TypesInfo, call); fn != nil && c.returnedLevel(fn) != none {
				found = true
			}
		}
		return !found
	})
	return found
}

func (c *checker) newTracker(initial map[*types.Var]val) *tracker {
	return &tracker{
		info:    c.pass.TypesInfo,
		cache:   c.cache,
		events:  make(map[*types.Var][]event),
		initial: initial,
		calls:   c.mutatedParams,
		returns: c.returnedLevel,
		made:    make(map[ast.Node]*source),

		viaParam: make(map[ast.Node]int),
	}
}

// report reports the first change to each cache-owned object. A change made
// by a helper of the package (via) is pointed at where the helper makes it,
// and the message names that helper when it is not the one called at at.
func (c *checker) report(at ast.Node, what string, x val, via site, viaKnown bool) {
	s := x.src
	if s == nil || s.done || s.param >= 0 {
		return
	}
	s.done = true
	obj := s.what // the read's node is the finding's related position
	if s.v != nil {
		obj = s.v.Name()
	}
	name := "the object"
	if s.v != nil {
		name = s.v.Name()
	}
	consequence, related := c.consequence(s, at)
	todo := fmt.Sprintf("DeepCopy %s before changing it", name)
	var fixes []analysis.SuggestedFix
	if fix, ok := c.fix(s); ok {
		fixes = append(fixes, fix)
		todo = fmt.Sprintf("DeepCopy %s after the read", name)
	}
	where := ""
	if viaKnown {
		related = append(related, diag.Related{Node: via.at, Message: fmt.Sprintf("the change, in %s: %s", via.in.Name(), via.what)})
		if call, ok := at.(*ast.CallExpr); ok && upstream.Callee(c.pass.TypesInfo, call).Origin() != via.in {
			where = ", in " + via.in.Name()
		}
	}
	msg := fmt.Sprintf("%s changes %s in the informer cache%s: %s; %s", what, obj, where, consequence, todo)
	diag.Report(c.pass, at, msg, related, fixes...)
}

// consequence says what changing the object of s at does, and where the
// finding's second locations are: the read, and the write that follows
// the change, if any. A write does not make the change harmless: the
// cache holds it from the change on, and keeps it when the write fails.
func (c *checker) consequence(s *source, at ast.Node) (string, []diag.Related) {
	related := []diag.Related{{Node: s.node, Message: "read from the informer cache here"}}
	if s.related != "" {
		related[0].Message = s.related
	}
	if w := c.laterWrite(s.v, at); w != nil {
		related = append(related, diag.Related{Node: w.Call, Message: "written here"})
		return "every reader sees the change, and the cache keeps it even if the write fails", related
	}
	return "every reader sees a change the server never got", related
}

// laterWrite returns the first conflict-prone write of v after the change
// at, or nil.
func (c *checker) laterWrite(v *types.Var, at ast.Node) *model.Write {
	if v == nil {
		return nil
	}
	for _, w := range c.writes {
		if w.Object.Root == v && w.Call.Pos() > at.Pos() {
			return w
		}
	}
	return nil
}

// mutatedParams returns the parameters (receiver first for methods) fn
// changes: upstream functions are in kube's tables, this package's come
// from its summary, other packages' from facts.
func (c *checker) mutatedParams(fn *types.Func) []Mutation {
	fn = fn.Origin()
	if fn.Pkg() == nil || upstream.IsUpstream(fn.Pkg()) {
		return nil
	}
	if fn.Pkg() != c.pass.Pkg {
		var f MutatesFact
		if c.pass.ImportObjectFact(fn, &f) {
			return f.mutations()
		}
		return nil
	}
	return c.summaryOf(fn).mutates
}

func (c *checker) decl(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = make(map[*types.Func]*ast.FuncDecl)
		c.declNames = make(map[string]bool)
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
						c.declNames[obj.Name()] = true
					}
				}
			}
		}
	}
	return c.decls[fn]
}

// paramMutations runs the tracker over fd with each reference parameter
// (receiver first) taken as owned by a cache, and returns those it
// changes, each with the bool parameter it changes it under, if any.
func (c *checker) paramMutations(fd *ast.FuncDecl, fn *types.Func) []Mutation {
	params := paramsOf(fn)
	initial := make(map[*types.Var]val)
	for i, p := range params {
		if isRef(p.Type()) {
			initial[p] = val{cached, &source{node: fd, param: i}}
		}
	}
	if len(initial) == 0 {
		return nil
	}
	flags := findFlagBranches(c.pass.TypesInfo, fd, params)
	var out []Mutation
	t := c.newTracker(initial)
	t.mutated = func(at ast.Node, _ string, x val) {
		if x.src != nil && x.src.param >= 0 {
			out = joinMutations(out, []Mutation{flags.guard(x.src.param, at)})
		}
	}
	t.walk(fd.Body)
	return out
}
