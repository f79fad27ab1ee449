package model

import (
	"go/ast"
	"go/types"
	"iter"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// An edge test: the write runs only behind a comparison of two objects of
// one kind, one of which the same function writes later on its way
// (RabbitMQ's `if ScaleFromZero(current, sts) { r.removeAnnotation(...) }`
// before the StatefulSet's CreateOrUpdate of sts). Once that later write
// lands, the objects agree and the next run, on the object's event or on a
// tick, skips the branch: a lost write behind it is lost for good, whatever
// watches or periods run the function again. The written object must be of
// another kind than the compared ones; a write of the compared kind itself
// is the level test (`if !equal(live, desired) { Update(desired) }`) that
// the next run repeats.

// edgeSkipsRerun reports whether the write at cur, of an object of type
// kind, runs only behind an edge test: in its own function, or at every
// call of that function when the package's calls are all there is.
func (g *Grading) edgeSkipsRerun(cur inspector.Cursor, kind types.Type) bool {
	if g.info == nil || g.calls == nil {
		return false
	}
	written := namedOf(kind)
	if g.edgeGuarded(cur, written) {
		return true
	}
	fn := g.funcAt(cur)
	sites := g.callSitesOf(fn)
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if !g.edgeGuarded(site, written) {
			return false
		}
	}
	return true
}

// callSitesOf returns the cursors of every call of fn, or nil when fn may
// be called from elsewhere: it is exported, or the package uses it other
// than by calling it (a method value, an interface's method).
func (g *Grading) callSitesOf(fn *types.Func) []inspector.Cursor {
	if fn == nil || fn.Exported() || implementsInterface(fn) {
		return nil
	}
	var sites []inspector.Cursor
	for _, c := range g.calls {
		if c.callee.Origin() != fn || c.aliased {
			continue
		}
		cur, ok := g.cursorAt(c.expr)
		if !ok {
			return nil
		}
		sites = append(sites, cur)
	}
	uses := 0
	for _, obj := range g.info.Uses {
		if obj == fn {
			uses++
		}
	}
	if uses != len(sites) {
		return nil // a method value or a call the scan does not resolve
	}
	return sites
}

// CallSites returns the cursors of the package's calls of fn by name,
// wherever fn may be called from besides.
func (g *Grading) CallSites(fn *types.Func) []inspector.Cursor {
	var sites []inspector.Cursor
	for _, c := range g.calls {
		if c.callee.Origin() != fn {
			continue
		}
		if cur, ok := g.cursorAt(c.expr); ok {
			sites = append(sites, cur)
		}
	}
	return sites
}

// cursorAt returns the cursor of n. The checks grade at the same time,
// and the cursors build their inspectors on first use.
func (g *Grading) cursorAt(n ast.Node) (inspector.Cursor, bool) {
	g.cursorsMu.Lock()
	defer g.cursorsMu.Unlock()
	return g.cursors.At(n)
}

// implementsInterface reports whether fn is a method, which an interface
// of the package may call with no use of its name.
func implementsInterface(fn *types.Func) bool {
	return fn.Signature().Recv() != nil && fn.Pkg() != nil && declaresInterfaceMethod(fn.Pkg(), fn.Name())
}

// declaresInterfaceMethod reports whether an interface type of pkg's
// scope has a method called name.
func declaresInterfaceMethod(pkg *types.Package, name string) bool {
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		if it, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == name {
					return true
				}
			}
		}
	}
	return false
}

// edgeGuarded reports whether an if statement around cur, in the function
// declared around it (a literal in between runs at another time), is an
// edge test for a write of written.
func (g *Grading) edgeGuarded(cur inspector.Cursor, written *types.TypeName) bool {
	child := cur
	for c := cur.Parent(); c.Node() != nil; child, c = c, c.Parent() {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			if child.Node() != n.Body && child.Node() != n.Else {
				continue
			}
			if g.edgeTest(c, n.Cond, written) {
				return true
			}
		}
	}
	return false
}

// edgeTest reports whether cond, of the if statement at ifCur, compares
// two variables of one kind other than written, one of which the function
// writes on its way on after the statement.
func (g *Grading) edgeTest(ifCur inspector.Cursor, cond ast.Expr, written *types.TypeName) bool {
	byKind := make(map[*types.TypeName][]*types.Var)
	ast.Inspect(cond, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := g.info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return true
		}
		if k := namedOf(v.Type()); k != nil && k != written && !slices.Contains(byKind[k], v) {
			byKind[k] = append(byKind[k], v)
		}
		return true
	})
	decl := enclosingDecl(ifCur)
	if decl == nil {
		return false
	}
	for _, vars := range byKind {
		if len(vars) < 2 {
			continue
		}
		for _, v := range vars {
			if g.writtenAfter(ifCur, aliasesOf(g.info, decl, v)) {
				return true
			}
		}
	}
	return false
}

// aliasesOf returns v and the variables v was defined from in decl
// (`sts := obj.(*appsv1.StatefulSet)`, `d := o`, `d := &o`).
func aliasesOf(info *types.Info, decl *ast.FuncDecl, v *types.Var) map[*types.Var]bool {
	out := map[*types.Var]bool{v: true}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); !ok || info.Defs[id] != v {
				continue
			}
			if src := plainVar(info, upstream.StripAddr(as.Rhs[i])); src != nil {
				out[src] = true
			}
		}
		return true
	})
	return out
}

// writtenAfter reports whether, after the statement at stmt, the function
// writes one of objs on its way on: in a later statement of a block around
// stmt, not inside a branch or loop of its own (a write in the init of an
// if, or in a function literal handed to a call there, counts).
func (g *Grading) writtenAfter(stmt inspector.Cursor, objs map[*types.Var]bool) bool {
	for later := range statementsAfter(stmt) {
		if slices.ContainsFunc(later, func(s ast.Stmt) bool { return g.writesOnWay(s, objs) }) {
			return true
		}
	}
	return false
}

// statementsAfter yields, for each block around cur in its function,
// innermost first, the statements of that block after the one that holds
// cur: what runs next on cur's way on.
func statementsAfter(cur inspector.Cursor) iter.Seq[[]ast.Stmt] {
	return func(yield func([]ast.Stmt) bool) {
		for c := cur; c.Node() != nil; c = c.Parent() {
			switch c.Node().(type) {
			case *ast.FuncLit, *ast.FuncDecl:
				return
			}
			block, ok := c.Parent().Node().(*ast.BlockStmt)
			if !ok {
				continue
			}
			for k, s := range block.List {
				if s == c.Node() && !yield(block.List[k+1:]) {
					return
				}
			}
		}
	}
}

// writesOnWay reports whether statement s writes one of objs whenever it
// runs: its branches and loop bodies apart.
func (g *Grading) writesOnWay(s ast.Stmt, objs map[*types.Var]bool) bool {
	return callsOnWay(s, func(call *ast.CallExpr) bool {
		w := g.res.WriteAt(call)
		return w != nil && objs[w.Object.Root]
	})
}

// callsOnWay reports whether statement s makes a call that match accepts
// whenever it runs: its branches and loop bodies apart (the init of an if
// counts).
func callsOnWay(s ast.Stmt, match func(*ast.CallExpr) bool) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Init != nil {
				found = found || callsOnWay(n.Init, match)
			}
			return false
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.CallExpr:
			found = match(n)
		}
		return !found
	})
	return found
}
