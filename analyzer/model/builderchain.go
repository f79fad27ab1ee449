package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// isBuilderMethod reports whether fn is a method of controller-runtime's
// builder (For, Owns, Watches, WithEventFilter, Complete, ...).
func isBuilderMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && fn.Pkg() != nil && fn.Pkg().Path() == upstream.BuilderPath
}

// noteChain records the watches of a builder chain that ends in call
// (Complete(r) or Build(r)): ctrl.NewControllerManagedBy(mgr).For(&A{}).
// Owns(&B{}, opts...).WithEventFilter(p).Complete(r).
func (h *healing) noteChain(info *types.Info, end *ast.CallExpr, decl *ast.FuncDecl) {
	if len(end.Args) != 1 {
		return
	}
	owner := namedOf(info.TypeOf(unwrapReconciler(info, end.Args[0])))
	c := chain{info: info, decl: decl}
	c.walk(end, nil)
	links, filterAll := c.links, c.filterAll
	for _, l := range links {
		h.addWatch(l.kind, watch{owner: owner, filtered: l.filtered || filterAll, controllerOnly: l.controllerOnly})
		// A predicate may drop the resync's updates too (same spec,
		// same generation): only an unfiltered watch is resynced.
		if owner != nil && l.kind != "" && !l.filtered && !filterAll {
			h.resynced[owner] = true
		}
	}
}

// chain gathers the watches of a builder chain, link by link from its
// end. A chain may pass through a local variable (`b :=
// ctrl.NewControllerManagedBy(mgr).For(&A{})`, then `b = b.Owns(&B{})`,
// then `b.Complete(r)`): the assignments to it at the top of decl's body
// run whatever happens, and are followed; one under a condition may not
// run, so its watches are left out, but a filter it adds counts (a grade
// is never made milder on a watch that may not be there). The builder's
// methods change their receiver and return it, so a chain called on the
// variable as a statement of its own, its result dropped (`b.For(&A{}).
// Owns(&B{})`, then `return b.Complete(r)`), adds its watches too.
type chain struct {
	info      *types.Info
	decl      *ast.FuncDecl
	links     []chainLink
	filterAll bool
}

type chainLink struct {
	kind                     string
	filtered, controllerOnly bool
}

// walk follows the chain that ends in call; via is the builder variable
// whose assignment is being followed, not followed again.
func (c *chain) walk(call *ast.CallExpr, via *types.Var) {
	for call != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return
		}
		fn := upstream.Callee(c.info, call)
		if fn == nil || !isBuilderMethod(fn) {
			return
		}
		if upstream.FilterMethods[fn.Name()] {
			c.filterAll = true
		}
		if from, ok := upstream.WatchMethods[fn.Name()]; ok && len(call.Args) > 0 {
			opts := call.Args[min(from, len(call.Args)):]
			c.links = append(c.links, chainLink{kindKey(namedOf(c.info.TypeOf(call.Args[0]))), mayFilter(c.info, opts), ownsControllerOnly(c.info, fn.Name(), call.Args)})
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && via == nil {
			c.followVar(id)
		}
		call, _ = ast.Unparen(sel.X).(*ast.CallExpr)
	}
}

// followVar follows the assignments to the builder variable id names.
func (c *chain) followVar(id *ast.Ident) {
	v, _ := c.info.Uses[id].(*types.Var)
	if v == nil || c.decl == nil || c.decl.Body == nil {
		return
	}
	top := make(map[ast.Stmt]bool, len(c.decl.Body.List))
	for _, s := range c.decl.Body.List {
		top[s] = true
	}
	ast.Inspect(c.decl.Body, func(n ast.Node) bool {
		stmt, ok := n.(ast.Stmt)
		if !ok {
			return true
		}
		links := c.linksTo(stmt, v)
		if links == nil {
			return true
		}
		if top[stmt] {
			c.walk(links, v)
			return true
		}
		sub := chain{info: c.info}
		sub.walk(links, v)
		c.filterAll = c.filterAll || sub.filterAll
		return true
	})
}

// linksTo returns the chain stmt adds to the builder variable v: the
// right-hand side of `v = ...`, or a chain on v whose result stmt drops
// (`v.Owns(&B{})`); nil for any other statement.
func (c *chain) linksTo(stmt ast.Stmt, v *types.Var) *ast.CallExpr {
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 && c.info.ObjectOf(syntax.Ident(s.Lhs[0])) == v {
			rhs, _ := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
			return rhs
		}
	case *ast.ExprStmt:
		call, _ := ast.Unparen(s.X).(*ast.CallExpr)
		if call != nil && c.info.Uses[chainRoot(call)] == v {
			return call
		}
	}
	return nil
}

// chainRoot returns the identifier a chain of method calls starts from
// (b in b.For(x).Owns(y)), or nil.
func chainRoot(call *ast.CallExpr) *ast.Ident {
	for {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.Ident:
			return x
		case *ast.CallExpr:
			call = x
		default:
			return nil
		}
	}
}

// mayFilter reports whether a watch's options may drop the change that
// caused a Conflict: any option but those known to drop nothing
// (builder.MatchEveryOwner, builder.OnlyMetadata) may be a predicate.
func mayFilter(info *types.Info, options []ast.Expr) bool {
	for _, o := range options {
		v, ok := info.Uses[syntax.NameIdent(o)].(*types.Var)
		if !ok || v.Pkg() == nil || syntax.PkgPath(v.Pkg()) != upstream.BuilderPath || !upstream.UnfilteredWatchOptions[v.Name()] {
			return true
		}
	}
	return false
}
