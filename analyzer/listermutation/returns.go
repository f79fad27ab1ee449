package listermutation

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// ReturnsCachedFact: the function's first result can be an object of an
// informer cache (List: a fresh slice whose elements are the cache's
// objects), so what its callers get from it is a read of the cache. It is
// exported only for this package's exported functions and methods that
// can return such an object on some path.
type ReturnsCachedFact struct{ List bool }

func (*ReturnsCachedFact) AFact() {}

func (f *ReturnsCachedFact) String() string {
	if f.List {
		return "returnsCached(list)"
	}
	return "returnsCached"
}

// returnedLevel says what the first result of fn, a function of the
// program, can be: the cache's object (cached), a fresh slice of the
// cache's objects (fresh), or nothing the cache owns (none). This
// package's functions come from their summaries, others from facts.
func (c *checker) returnedLevel(fn *types.Func) level {
	fn = fn.Origin()
	if fn.Pkg() == nil || upstream.IsUpstream(fn.Pkg()) || !returnsRef(fn.Signature()) {
		return none
	}
	if fn.Pkg() != c.pass.Pkg {
		var f ReturnsCachedFact
		switch {
		case !c.pass.ImportObjectFact(fn, &f):
			return none
		case f.List:
			return fresh
		}
		return cached
	}
	return c.summaryOf(fn).returns
}

// resultLevel follows fd's body and joins what its first result is at
// each of its own returns (not those of the closures inside it): one
// return of the cache's object is enough. A helper that copies on every
// path (`return obj.DeepCopy(), nil`) stays a copy.
func (c *checker) resultLevel(fd *ast.FuncDecl) level {
	own := ownReturns(fd.Body)
	named := namedFirstResult(c.pass.TypesInfo, fd)
	lvl := none
	t := c.newTracker(nil)
	t.mutated = func(ast.Node, string, val) {}
	t.returned = func(ret *ast.ReturnStmt) {
		if !own[ret] {
			return
		}
		var x val
		switch {
		case len(ret.Results) > 0:
			x = t.ref(ret.Results[0], ret.Pos())
		case named != nil:
			x = t.lookup(named, ret.Pos())
		}
		switch {
		case x.lvl == cached:
			lvl = cached
		case x.lvl == fresh && lvl == none:
			lvl = fresh
		}
	}
	t.walk(fd.Body)
	return lvl
}

// ownReturns returns the return statements of body outside function
// literals.
func ownReturns(body *ast.BlockStmt) map[*ast.ReturnStmt]bool {
	own := make(map[*ast.ReturnStmt]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			own[n] = true
		}
		return true
	})
	return own
}

// namedFirstResult returns the variable of fd's first result when it is
// named, for bare returns.
func namedFirstResult(info *types.Info, fd *ast.FuncDecl) *types.Var {
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 || len(res.List[0].Names) == 0 {
		return nil
	}
	v, _ := info.Defs[res.List[0].Names[0]].(*types.Var)
	return v
}

// returnsRef reports whether sig's first result is a reference that can
// hold an object of the cache: a pointer, an interface or a slice.
func returnsRef(sig *types.Signature) bool {
	if sig.Results().Len() == 0 {
		return false
	}
	switch sig.Results().At(0).Type().Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Slice:
		return true
	}
	return false
}

// viaHelper says what a call of a function of the program returns as its
// first result: the cache's object when the function can return one.
func (t *tracker) viaHelper(call *ast.CallExpr) val {
	if t.returns == nil {
		return val{}
	}
	fn := upstream.Callee(t.info, call)
	if fn == nil {
		return val{}
	}
	lvl := t.returns(fn)
	if lvl == none {
		return val{}
	}
	s := t.madeSource(call)
	s.related = fmt.Sprintf("%s can return the informer cache's own object", fn.Name())
	return val{lvl, s}
}

// exportReturnsFact exports fn's ReturnsCachedFact when its first result
// can be the cache's object.
func (c *checker) exportReturnsFact(fn *types.Func) {
	switch c.returnedLevel(fn) {
	case cached:
		c.pass.ExportObjectFact(fn, &ReturnsCachedFact{})
	case fresh:
		c.pass.ExportObjectFact(fn, &ReturnsCachedFact{List: true})
	}
}

// usesReturnsCached reports whether the package calls a function of
// another package whose ReturnsCachedFact it sees: such a package reads
// the cache through it, although it names no lister itself.
func usesReturnsCached(pass *analysis.Pass) bool {
	with := make(map[types.Object]bool)
	for _, f := range pass.AllObjectFacts() {
		if _, ok := f.Fact.(*ReturnsCachedFact); ok {
			with[f.Object] = true
		}
	}
	if len(with) == 0 {
		return false
	}
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && with[fn.Origin()] {
			return true
		}
	}
	return false
}
