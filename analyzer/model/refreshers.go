package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// findRefreshers finds this package's read helpers: functions that Get
// into an object parameter, or return an object they read. A call of one
// is a read at its call site.
func (cl *classifier) findRefreshers() {
	byDecl := cl.readsByDecl()
	for fn, decl := range cl.scan.decls.decls {
		reads := byDecl[decl]
		if len(reads) == 0 {
			continue
		}
		param := -1
		params := syntax.ParamVars(cl.info, decl)
		for _, rd := range reads {
			_, isGet := rd.Node.(*ast.CallExpr) // only a Get or a version copy fills an object in place
			if i := indexOfVar(params, rd.Object.Root); i >= 0 && (isGet || rd.InPlace) && rd.Object.Path == rd.Object.Root.Name() {
				param = i
			}
		}
		result := cl.returnedRead(decl, reads)
		if param >= 0 || result >= 0 {
			cl.out.refreshers[fn] = ReadsFact{Param: param, Result: result}
		}
	}
}

// readsByDecl groups the package's reads by the function declaration they
// are made in (reads in literals count for the declaration around them).
func (cl *classifier) readsByDecl() map[*ast.FuncDecl][]*Read {
	out := make(map[*ast.FuncDecl][]*Read)
	for _, rd := range cl.out.reads {
		if rd.decl != nil {
			out[rd.decl] = append(out[rd.decl], rd)
		}
	}
	return out
}

// returnedRead returns the index of a result through which decl returns an
// object it read (one of reads, the reads made in decl), or -1.
func (cl *classifier) returnedRead(decl *ast.FuncDecl, reads []*Read) int {
	whole := make(map[*types.Var]bool)
	for _, rd := range reads {
		if rd.Object.Root != nil && rd.Object.Path == rd.Object.Root.Name() {
			whole[rd.Object.Root] = true
		}
	}
	if len(whole) == 0 {
		return -1
	}
	found := -1
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found >= 0 {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		for i, r := range ret.Results {
			if root := upstream.ObjectOf(cl.info, r).Root; root != nil && whole[root] {
				found = i
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
func (cl *classifier) addHelperRead(c call) {
	if cl.opts.ReadHelpers.Has(c.callee) {
		for _, arg := range c.expr.Args {
			cl.addRead(c.expr, c.site(), arg)
		}
		return
	}
	if r, ok := cl.out.refreshers[c.callee]; ok && r.Param >= 0 && r.Param < len(c.expr.Args) {
		cl.addRead(c.expr, c.site(), wholeObject(c.expr.Args[r.Param]))
	}
}

// wholeObject returns obj for an argument &obj.ObjectMeta: a helper that
// refreshes the metadata it is given (mergeMetadata) refreshes the object.
func wholeObject(arg ast.Expr) ast.Expr {
	e := upstream.StripAddr(arg)
	if meta, ok := e.(*ast.SelectorExpr); ok && meta.Sel.Name == "ObjectMeta" {
		return meta.X
	}
	return arg
}
