package kube

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// Returner is a function that returns the Conflict error of a write it
// makes, so that its callers are where that error may be lost.
type Returner struct {
	Inner *Write // the write, when the function is in this package
	Param int    // the parameter holding the written object, or -1
	// AsGiven is the parameter whose object, or whose elements (`for _, o
	// := range objs`), the write sends as the caller built it: nothing in
	// the function can give it a resourceVersion. -1 when there is none.
	// A caller that passes an object built without one makes a write that
	// cannot conflict.
	AsGiven int
	// Guard is the bool parameter the function's writes need, if any.
	Guard *Guard
}

// ReturnerCall is a call of a Returner that is not itself a write.
type ReturnerCall struct {
	Call   *ast.CallExpr
	Callee *types.Func
}

// findReturners finds this package's functions that return a write's error
// (to a fixed point: a function returning a returner's error is one too)
// and the calls of every returner, local or known from facts.
func (m *modeler) findReturners(calls []call) {
	guards := make(map[*types.Func][]*Guard)
	for _, w := range m.res.writes {
		fn, decl := m.declOf(w.FuncNode)
		if fn != nil && w.Scope == nil && !w.CannotConflict && m.res.tracer.Trace(w.Cursor).HandsOn() {
			m.res.returners[fn] = Returner{Inner: w, Param: paramIndex(m.pass.TypesInfo, decl, w.Object.Root), AsGiven: m.sentAsGiven(decl, w)}
			guards[fn] = append(guards[fn], m.writeGuard(decl, w))
		}
	}
	for fn, gs := range guards {
		r := m.res.returners[fn]
		r.Guard = mergeGuards(gs)
		m.res.returners[fn] = r
	}
	for changed := true; changed; {
		changed = m.findInterfaceReturners(calls)
		for _, c := range calls {
			r, ok := m.res.returners[c.callee]
			if !ok || m.res.WriteAt(c.expr) != nil || m.versionlessArg(c, r) || guardExcludes(m.pass.TypesInfo, c.expr, r) {
				continue
			}
			fn, decl := m.declOf(c.site().fnNode())
			if _, known := m.res.returners[fn]; fn == nil || known || m.res.scopeAround(c.frame) != nil {
				continue
			}
			if m.res.tracer.Trace(m.cursor(c)).HandsOn() {
				root := argRoot(m.pass.TypesInfo, c.expr, r.Param)
				m.res.returners[fn] = Returner{Inner: r.Inner, Param: paramIndex(m.pass.TypesInfo, decl, root), AsGiven: m.passedAsGiven(decl, c, r)}
				changed = true
			}
		}
	}
	for _, c := range calls {
		if r, ok := m.res.returners[c.callee]; ok && m.res.WriteAt(c.expr) == nil && !m.versionlessArg(c, r) && !guardExcludes(m.pass.TypesInfo, c.expr, r) {
			m.res.returnerCalls = append(m.res.returnerCalls, &ReturnerCall{Call: c.expr, Callee: c.callee})
			m.res.returnerCursor[c.expr] = m.cursor(c)
		}
	}
}

// declOf returns the function declared by fn when fn is a *ast.FuncDecl,
// or the stand-in of a literal bound to a variable (see lifted.go).
func (m *modeler) declOf(fn ast.Node) (*types.Func, *ast.FuncDecl) {
	if lit, ok := fn.(*ast.FuncLit); ok {
		if lifted := m.res.lifted[lit]; lifted != nil {
			return lifted, m.res.decls[lifted]
		}
		return nil, nil
	}
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return nil, nil
	}
	obj, _ := m.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if obj == nil {
		return nil, nil
	}
	return obj, decl
}

// paramIndex returns the index of decl's parameter v, or -1.
func paramIndex(info *types.Info, decl *ast.FuncDecl, v *types.Var) int {
	if v == nil {
		return -1
	}
	for i, p := range syntax.ParamVars(info, decl) {
		if p == v {
			return i
		}
	}
	return -1
}

// argRoot returns the variable passed (possibly as &v) as argument i of
// call, or nil.
func argRoot(info *types.Info, call *ast.CallExpr, i int) *types.Var {
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	o := api.ObjectOf(info, call.Args[i])
	if id, ok := o.Expr.(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	return nil
}

// findInterfaceReturners marks as returners the interface methods called
// in the package whose implementations in the package are all returners:
// a write helper called through an interface. It reports whether it
// marked any.
func (m *modeler) findInterfaceReturners(calls []call) bool {
	marked := false
	for _, c := range calls {
		fn := c.callee
		if _, known := m.res.returners[fn]; known || fn.Signature().Recv() == nil || !types.IsInterface(fn.Signature().Recv().Type()) {
			continue
		}
		if r, ok := m.implementedByReturners(fn); ok {
			m.res.returners[fn] = r
			marked = true
		}
	}
	return marked
}

// implementedByReturners reports whether every method of this package that
// implements the interface method im is a returner (and there is one).
func (m *modeler) implementedByReturners(im *types.Func) (Returner, bool) {
	iface, ok := im.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return Returner{}, false
	}
	var found *Returner
	for _, fn := range m.methodsNamed(im.Name()) {
		if !types.Implements(fn.Signature().Recv().Type(), iface) {
			continue
		}
		r, ok := m.res.returners[fn]
		if !ok {
			return Returner{}, false
		}
		found = &r
	}
	if found == nil {
		return Returner{}, false
	}
	out := *found
	out.AsGiven = -1 // implementations may differ in what they send
	return out, true
}

// methodsNamed returns the methods declared in the package with the given
// name. Every call of an interface method asks, in each round of
// findReturners, so the methods are grouped by name once.
func (m *modeler) methodsNamed(name string) []*types.Func {
	if m.methodsByName == nil {
		m.methodsByName = make(map[string][]*types.Func)
		for fn := range m.res.decls {
			if fn.Signature().Recv() != nil {
				m.methodsByName[fn.Name()] = append(m.methodsByName[fn.Name()], fn)
			}
		}
	}
	return m.methodsByName[name]
}

// writeGuard returns the guard of the write w in decl (nil for a
// literal's write or one without).
func (m *modeler) writeGuard(decl *ast.FuncDecl, w *Write) *Guard {
	if decl == nil || w.FuncNode != ast.Node(decl) {
		return nil
	}
	return guardOf(m.pass.TypesInfo, decl, w.Cursor)
}
