package fate

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// An error handler of the package (`handleError(ctx, err, obj)`) that is
// only ever called with an error known to be non-nil may return that
// error as the non-nil error of a path, like a variable under
// `if err != nil`. Only unexported functions qualify: every call of them
// is in view.

// nonNilParams returns the error parameters of the function declared by
// decl that every call in the package passes a non-nil value for (a
// summary: see summaries.go).
func (k *knowledge) nonNilParams(decl *ast.FuncDecl) []*types.Var {
	fn, _ := k.info.Defs[decl.Name].(*types.Func)
	return k.sum.nonNilParams[fn]
}

// handler is an unexported function of the modeled files with an error
// parameter, used only in calls there.
type handler struct {
	fn     *types.Func
	decl   *ast.FuncDecl
	params []*types.Var
	calls  []*ast.CallExpr // in source order
}

// findNonNilParams fills k.sum.nonNilParams. A handler's argument may be
// its caller's own parameter, known non-nil when every call of the caller
// passes one, so this is a fixed point: every entry starts empty and only
// grows, and a handler is judged again when a function that calls it has
// gained an entry.
func (s *summarizer) findNonNilParams() {
	s.k.sum.nonNilParams = make(map[*types.Func][]*types.Var)
	hs := s.handlers()
	if len(hs) == 0 {
		return
	}
	sites := syntax.NewCursors(s.k.model.Files())
	for todo := hs; len(todo) > 0; {
		var grown []*ast.FuncDecl
		for _, h := range todo {
			if out := s.nonNilParamsOf(h, sites); len(out) > len(s.k.sum.nonNilParams[h.fn]) {
				s.k.sum.nonNilParams[h.fn] = out
				grown = append(grown, h.decl)
			}
		}
		todo = calledIn(hs, grown)
	}
}

// nonNilParamsOf returns the error parameters of h that every call of h
// passes non-nil, as far as the entries found so far tell.
func (s *summarizer) nonNilParamsOf(h handler, sites *syntax.Cursors) []*types.Var {
	var out []*types.Var
	for i, p := range h.params {
		if p != nil && upstream.IsErrorType(p.Type()) && s.everyCallPassesNonNil(h.calls, i, sites) {
			out = append(out, p)
		}
	}
	return out
}

// calledIn returns the handlers of hs with a call inside one of decls.
func calledIn(hs []handler, decls []*ast.FuncDecl) []handler {
	var out []handler
	for _, h := range hs {
		if slices.ContainsFunc(h.calls, func(call *ast.CallExpr) bool {
			return slices.ContainsFunc(decls, func(d *ast.FuncDecl) bool { return syntax.Within(call, d) })
		}) {
			out = append(out, h)
		}
	}
	return out
}

// handlers returns the package's handlers, in source order, with their
// calls.
func (s *summarizer) handlers() []handler {
	var hs []handler
	index := make(map[types.Object]int)
	for _, f := range s.k.model.Files() {
		for _, d := range f.Decls {
			if h, ok := s.handlerOf(d); ok {
				index[h.fn] = len(hs)
				hs = append(hs, h)
			}
		}
	}
	if len(hs) == 0 {
		return nil
	}
	uses := s.callsOfHandlers(hs, index)
	var out []handler
	for i, h := range hs {
		if len(h.calls) > 0 && uses[i] == len(h.calls) {
			out = append(out, h)
		}
	}
	return out
}

// handlerOf returns the handler d declares, if it declares one. An
// unnamed parameter (func(context.Context, error)) has no variable.
func (s *summarizer) handlerOf(d ast.Decl) (handler, bool) {
	decl, ok := d.(*ast.FuncDecl)
	if !ok {
		return handler{}, false
	}
	fn, ok := s.k.info.Defs[decl.Name].(*types.Func)
	if !ok || fn.Exported() {
		return handler{}, false
	}
	params := syntax.ParamVars(s.k.info, decl)
	if !slices.ContainsFunc(params, func(p *types.Var) bool { return p != nil && upstream.IsErrorType(p.Type()) }) {
		return handler{}, false
	}
	return handler{fn: fn, decl: decl, params: params}, true
}

// callsOfHandlers fills the calls of hs, whose indexes index gives, from
// the modeled files, and returns how many times each is used at all: a
// handler used otherwise than in calls (stored, passed) may be called out
// of view.
func (s *summarizer) callsOfHandlers(hs []handler, index map[types.Object]int) []int {
	uses := make([]int, len(hs))
	for _, f := range s.k.model.Files() {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if i, ok := index[s.k.info.Uses[n]]; ok {
					uses[i]++
				}
			case *ast.CallExpr:
				if fn := upstream.Callee(s.k.info, n); fn != nil {
					if i, ok := index[fn.Origin()]; ok {
						hs[i].calls = append(hs[i].calls, n)
					}
				}
			}
			return true
		})
	}
	return uses
}

// everyCallPassesNonNil reports whether argument i of every call is an
// error known non-nil where the call is made.
func (s *summarizer) everyCallPassesNonNil(calls []*ast.CallExpr, i int, sites *syntax.Cursors) bool {
	for _, call := range calls {
		if i >= len(call.Args) || !s.nonNilAt(call, call.Args[i], sites) {
			return false
		}
	}
	return true
}

// nonNilAt reports whether arg, an argument of call, is known non-nil at
// the call: a new error, or a variable under a test that it is not nil.
// sites gives the call's cursor: the model keeps cursors only for its own
// sites, and a call of an error handler is rarely one of them.
func (s *summarizer) nonNilAt(call *ast.CallExpr, arg ast.Expr, sites *syntax.Cursors) bool {
	if s.k.nonNilExpr(arg, pathState{}) {
		return true
	}
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := s.k.info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	cur, found := sites.At(call)
	if !found {
		return false
	}
	f := s.t.fs.newFailure(cur, upstream.Object{})
	if f == nil {
		return false
	}
	body := syntax.FuncBody(f.fn)
	if body == nil {
		return false
	}
	w := newWalker(s.t, f, s.t.CFG(body))
	return slices.Contains(w.knownBefore().nonNil, v)
}
