package kube

import (
	"go/ast"
	"go/types"
)

// findRefreshers finds this package's read helpers: functions that Get
// into an object parameter, or return an object they read. A call of one
// is a read at its call site.
func (m *modeler) findRefreshers() {
	for fn, decl := range m.res.Decls {
		param, result := -1, -1
		params := paramVars(m.pass.TypesInfo, decl)
		for _, rd := range m.localReads(decl) {
			_, isGet := rd.Node.(*ast.CallExpr) // only a Get fills an object in place
			if i := indexOfVar(params, rd.Object.Root); i >= 0 && isGet && rd.Object.Path == rd.Object.Root.Name() {
				param = i
			}
		}
		result = m.returnedRead(decl)
		if param >= 0 || result >= 0 {
			m.res.Refreshers[fn] = ReadsFact{Param: param, Result: result}
		}
	}
}

// localReads returns the reads made in decl.
func (m *modeler) localReads(decl *ast.FuncDecl) []*Read {
	var out []*Read
	for _, rd := range m.res.Reads {
		if decl.Pos() <= rd.Node.Pos() && rd.Node.End() <= decl.End() {
			out = append(out, rd)
		}
	}
	return out
}

// returnedRead returns the index of a result through which decl returns an
// object it read, or -1.
func (m *modeler) returnedRead(decl *ast.FuncDecl) int {
	found := -1
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || found >= 0 {
			return found < 0
		}
		for i, r := range ret.Results {
			root := objectOf(m.pass.TypesInfo, r).Root
			for _, rd := range m.localReads(decl) {
				if root != nil && rd.Object.Root == root && rd.Object.Path == root.Name() {
					found = i
				}
			}
		}
		return found < 0
	})
	return found
}

func indexOfVar(vars []*types.Var, v *types.Var) int {
	for i, p := range vars {
		if p != nil && p == v {
			return i
		}
	}
	return -1
}

// addHelperRead records the read a call of a read helper makes of the
// object passed as its refreshed parameter.
// A configured read helper is taken to refresh every object it is given.
func (m *modeler) addHelperRead(c call) {
	if Config.ReadHelpers.Has(c.callee) {
		for _, arg := range c.expr.Args {
			m.addRead(c.expr, c.cursor, arg)
		}
		return
	}
	if r, ok := m.res.Refreshers[c.callee]; ok && r.Param >= 0 && r.Param < len(c.expr.Args) {
		m.addRead(c.expr, c.cursor, c.expr.Args[r.Param])
	}
}
