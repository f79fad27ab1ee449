package kube

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// call is one call expression with its resolved callee.
type call struct {
	expr   *ast.CallExpr
	frame  *frame      // the function around the call, or nil
	callee *types.Func // Origin of the callee; never nil
}

func (c call) site() site { return site{node: c.expr, frame: c.frame} }

// cursor returns the cursor of the call.
func (m *modeler) cursor(c call) inspector.Cursor {
	cur, _ := m.cursors.At(c.expr)
	return cur
}

// collectCalls returns every call with a statically known function or
// method, and records conflict checks and func-literal variables on the way.
func (m *modeler) collectCalls() []call {
	calls := make([]call, 0, m.callSites)
	m.funcVars = make(map[*types.Var]*ast.FuncLit)
	m.conflictTesters = make(map[ast.Node]bool)
	m.noteFuncValues()
	for _, s := range m.sites {
		switch n := s.node.(type) {
		case *ast.AssignStmt:
			m.noteFuncVar(n)
		case *ast.CallExpr:
			fn := api.Callee(m.pass.TypesInfo, n)
			if fn == nil {
				fn = m.aliasedFunc(n)
			}
			if fn == nil {
				continue
			}
			m.importFacts(fn)
			calls = append(calls, call{expr: n, frame: s.frame, callee: fn})
			if api.ConflictChecks[api.FuncKeyOf(fn)] {
				m.res.conflictChecks = append(m.res.conflictChecks, n)
				for f := s.frame; f != nil; f = f.outer {
					m.conflictTesters[f.fn] = true
				}
			}
		}
	}
	return calls
}

// noteFuncVar remembers `f := func(...) {...}` so that passing f to a retry
// helper makes the literal a retry scope.
func (m *modeler) noteFuncVar(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, rhs := range as.Rhs {
		lit, ok := ast.Unparen(rhs).(*ast.FuncLit)
		if !ok {
			continue
		}
		if id, ok := as.Lhs[i].(*ast.Ident); ok {
			if v, ok := m.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
				m.funcVars[v] = lit
			}
		}
	}
}

// noteFuncValues records, for each variable or struct field of a func
// type, the functions and methods the package assigns to it
// (r.promoteFn = r.promote, &T{updateFn: doUpdate}), so that a call
// through one assigned a single function is a call of that function.
func (m *modeler) noteFuncValues() {
	m.res.funcValues = make(map[*types.Var][]*types.Func)
	note := func(lhs ast.Expr, rhs ast.Expr) {
		v, ok := m.pass.TypesInfo.ObjectOf(lhsIdent(lhs)).(*types.Var)
		if !ok {
			return
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
			return
		}
		fn := api.FuncValue(m.pass.TypesInfo, rhs)
		if lit, ok := ast.Unparen(rhs).(*ast.FuncLit); ok {
			fn = m.liftedFunc(v, lit)
		}
		if fn == nil || slices.Contains(m.res.funcValues[v], fn) {
			if fn == nil {
				m.res.funcValues[v] = append(m.res.funcValues[v], nil) // something else: unknown
			}
			return
		}
		m.res.funcValues[v] = append(m.res.funcValues[v], fn)
	}
	for _, s := range m.sites {
		switch n := s.node.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					note(n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.KeyValueExpr:
			if _, ok := n.Key.(*ast.Ident); ok {
				note(n.Key, n.Value)
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					note(n.Names[i], n.Values[i])
				}
			}
		}
	}
}

// lhsIdent returns the identifier that names what lhs assigns: v, or the
// field in x.f.
func lhsIdent(lhs ast.Expr) *ast.Ident {
	switch e := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// aliasedFunc resolves a call through a variable or field: one the package
// assigns exactly one function, or a package-level variable that upstream
// sets to a tabled function, such as ctrl.CreateOrUpdate.
func (m *modeler) aliasedFunc(c *ast.CallExpr) *types.Func {
	v := api.CalleeVar(m.pass.TypesInfo, c)
	if v == nil {
		return nil
	}
	if fn := m.res.onlyFuncValue(v); fn != nil {
		return fn
	}
	if v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	target, ok := api.FuncAliases[api.FuncKey{Pkg: syntax.PkgPath(v.Pkg()), Name: v.Name()}]
	if !ok {
		return nil
	}
	pkg := syntax.FindPackage(m.pass.Pkg, target.Pkg)
	if pkg == nil {
		return nil
	}
	fn, _ := pkg.Scope().Lookup(target.Name).(*types.Func)
	return fn
}

// classify records c as a write or a read when it is one.
func (m *modeler) classify(c call) {
	defer guard.Locate(m.pass.Fset, c.expr.Pos())
	key := m.interfaceMethodKey(c.callee)
	args := c.expr.Args
	if kind, ok := api.WriteMethods[key]; ok {
		m.addWrite(c, kind, argAt(args, 1), receiver(c.expr))
		return
	}
	if api.PatchMethods[key] {
		if len(args) > 2 && m.isOptimisticPatch(c, args[2]) {
			m.addWrite(c, api.WriteOptimisticPatch, args[1], receiver(c.expr))
		}
		return
	}
	if i, ok := api.ReadMethods[key]; ok {
		if i < len(args) {
			m.addRead(c.expr, c.site(), args[i])
		}
		return
	}
	if wf, ok := api.WriteFuncs[api.FuncKeyOf(c.callee)]; ok {
		m.addWrite(c, api.WriteCreateOrUpdate, argAt(args, wf.ObjectArg), argAt(args, wf.ClientArg))
		return
	}
	if obj := m.wholeObjectPatch(c); obj != nil {
		m.addWrite(c, api.WriteObjectPatch, obj, receiver(c.expr))
		return
	}
	if i := m.typedUpdateObject(c); i >= 0 {
		m.addWrite(c, api.WriteTypedUpdate, argAt(args, i), receiver(c.expr))
	}
}

func argAt(args []ast.Expr, i int) ast.Expr {
	if i < len(args) {
		return args[i]
	}
	return nil
}

// receiver returns x in x.Method(...), or nil.
func receiver(c *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

func (m *modeler) addWrite(c call, kind api.WriteKind, obj, client ast.Expr) {
	if obj == nil {
		return
	}
	results := 1
	if tup, ok := m.pass.TypesInfo.TypeOf(c.expr).(*types.Tuple); ok {
		results = tup.Len()
	}
	m.res.writes = append(m.res.writes, &Write{
		Call:     c.expr,
		Cursor:   m.cursor(c),
		Kind:     kind,
		Object:   api.ObjectOf(m.pass.TypesInfo, obj),
		Client:   client,
		Results:  results,
		FuncNode: c.site().fnNode(),
		Scope:    m.res.scopeAround(c.frame),
	})
}

// addRead records n, at s, as a read of obj when obj is a tracked object.
func (m *modeler) addRead(n ast.Node, s site, obj ast.Expr) {
	o := api.ObjectOf(m.pass.TypesInfo, obj)
	if !o.Valid() || !m.isObject(o.Root.Type()) && !m.isObject(m.pass.TypesInfo.TypeOf(o.Expr)) {
		return
	}
	m.res.reads = append(m.res.reads, &Read{Node: n, Object: o, FuncNode: s.fnNode(), decl: s.decl()})
}

// findAssignReads records every assignment to a tracked object as a read:
// an object assigned from a Get, a lister or any other call is no longer the
// stale value it was.
func (m *modeler) findAssignReads() {
	for _, s := range m.sites {
		as, ok := s.node.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
			continue
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
				continue
			}
			m.addRead(as, s, lhs)
		}
	}
}

// isObject is carriesResourceVersion memoised per type: every assignment
// of the package asks it.
func (m *modeler) isObject(t types.Type) bool {
	if t == nil {
		return false
	}
	if m.objectTypes == nil {
		m.objectTypes = make(map[types.Type]bool)
	}
	is, ok := m.objectTypes[t]
	if !ok {
		is = api.CarriesResourceVersion(t)
		m.objectTypes[t] = is
	}
	return is
}
