package listermutation

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A site is where a helper of the package changes an object it was given:
// the statement (an assignment, a delete, an append, a call that changes
// it) and the function it is in.
type site struct {
	at   ast.Node
	what string      // the change, as a finding words it ("assigning to p.Spec.X")
	in   *types.Func // the function whose body holds at
}

// maxSiteDepth bounds how many helpers deep a change is followed for the
// finding's related position; a chain longer than this ends at the call
// it reached.
const maxSiteDepth = 8

// changeSite returns where the change at is made when at is a call of a
// function of this package that changes the parameter holding the cache's
// object (viaParam, the tracker's record, says which): the first change
// to that parameter in the callee's body, followed down through the
// helpers it hands the object to. ok is false for a change made in place,
// or by a function whose body is not in view (another package's).
func (c *checker) changeSite(at ast.Node, viaParam map[ast.Node]int) (s site, ok bool) {
	seen := make(map[*types.Func]bool)
	for depth := 0; depth < maxSiteDepth; depth++ {
		call, isCall := at.(*ast.CallExpr)
		param, via := viaParam[at]
		if !isCall || !via {
			break
		}
		fn := upstream.Callee(c.pass.TypesInfo, call)
		if fn == nil || seen[fn.Origin()] || c.decl(fn.Origin()) == nil {
			break
		}
		fn = fn.Origin()
		seen[fn] = true
		next, inner, found := c.firstChange(fn, param)
		if !found {
			break
		}
		s, ok = next, true
		at, viaParam = next.at, inner
	}
	return s, ok
}

// firstChange runs the tracker over fn's body with parameter param (receiver
// first) taken as the cache's object, and returns its first change, with the
// tracker's record of the helpers it was made through.
func (c *checker) firstChange(fn *types.Func, param int) (site, map[ast.Node]int, bool) {
	fd := c.decl(fn)
	params := paramsOf(fn)
	if param >= len(params) || !isRef(params[param].Type()) {
		return site{}, nil, false
	}
	initial := map[*types.Var]val{params[param]: {cached, &source{node: fd, param: param}}}
	var first site
	t := c.newTracker(initial)
	t.mutated = func(at ast.Node, what string, x val) {
		if first.at == nil && x.src != nil && x.src.param == param {
			first = site{at: at, what: what, in: fn}
		}
	}
	t.walk(fd.Body)
	return first, t.viaParam, first.at != nil
}

// paramsOf returns fn's parameters, receiver first for a method: the
// indexing of summaries, facts and the tracker's viaParam.
func paramsOf(fn *types.Func) []*types.Var {
	var params []*types.Var
	sig := fn.Signature()
	if sig.Recv() != nil {
		params = append(params, sig.Recv())
	}
	for v := range sig.Params().Variables() {
		params = append(params, v)
	}
	return params
}
