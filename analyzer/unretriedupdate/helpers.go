package unretriedupdate

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/errflow"
	"github.com/conflictlint/conflictlint/analyzer/kube"
)

// helper is a function of this package that returns the Conflict error of a
// write it makes, so that its callers are where the error may be lost.
type helper struct {
	inner *kube.Write
	param int // the parameter holding the written object, or -1
}

// localCall is a call of a function declared in this package.
type localCall struct {
	call   *ast.CallExpr
	cursor inspector.Cursor
	callee *types.Func
}

// helperSites finds the helpers (to a fixed point: a function returning a
// helper's error is a helper too) and returns their call sites.
func (c *checker) helperSites(in *inspector.Inspector) []site {
	helpers := make(map[*types.Func]helper)
	for _, w := range c.res.Writes {
		if fn, decl := c.declOf(w.Func); fn != nil && w.Scope == nil && c.tracer.Trace(w.Cursor) == errflow.Returned {
			helpers[fn] = helper{inner: w, param: paramIndex(c.pass.TypesInfo, decl, w.Object.Root)}
		}
	}
	if len(helpers) == 0 {
		return nil
	}
	calls := c.localCalls(in)
	for changed := true; changed; {
		changed = false
		for _, lc := range calls {
			h, ok := helpers[lc.callee]
			if !ok {
				continue
			}
			fn, decl := c.declOf(enclosingFunc(lc.cursor))
			if _, known := helpers[fn]; fn == nil || known || c.res.ScopeOf(lc.cursor) != nil {
				continue
			}
			if c.tracer.Trace(lc.cursor) == errflow.Returned {
				helpers[fn] = helper{inner: h.inner, param: paramIndex(c.pass.TypesInfo, decl, argRoot(c.pass.TypesInfo, lc.call, h.param))}
				changed = true
			}
		}
	}
	var sites []site
	for _, lc := range calls {
		if h, ok := helpers[lc.callee]; ok && c.res.WriteAt(lc.call) == nil { // a write is checked as such
			sites = append(sites, site{call: lc.call, cursor: lc.cursor, object: objectArg(lc.call, h.param), inner: h.inner})
		}
	}
	return sites
}

// localCalls lists the calls of functions declared in this package.
func (c *checker) localCalls(in *inspector.Inspector) []localCall {
	var calls []localCall
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if fn := c.calleeOf(call); fn != nil && c.res.Decls[fn] != nil {
			calls = append(calls, localCall{call: call, cursor: cur, callee: fn})
		}
	}
	return calls
}

// declOf returns the function declared by fn when fn is a *ast.FuncDecl.
func (c *checker) declOf(fn ast.Node) (*types.Func, *ast.FuncDecl) {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return nil, nil
	}
	obj, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if obj == nil {
		return nil, nil
	}
	return obj, decl
}

func enclosingFunc(cur inspector.Cursor) ast.Node {
	for enc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return enc.Node()
	}
	return nil
}

// paramIndex returns the index of decl's parameter v, or -1.
func paramIndex(info *types.Info, decl *ast.FuncDecl, v *types.Var) int {
	if v == nil {
		return -1
	}
	i := 0
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if info.Defs[name] == v {
				return i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return -1
}

// argRoot returns the variable passed as argument i of call, or nil.
func argRoot(info *types.Info, call *ast.CallExpr, i int) *types.Var {
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	e := ast.Unparen(call.Args[i])
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	if id, ok := e.(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	return nil
}

// objectArg names the object passed to a helper, or "the object".
func objectArg(call *ast.CallExpr, i int) string {
	if i < 0 || i >= len(call.Args) {
		return "the object"
	}
	e := ast.Unparen(call.Args[i])
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	return types.ExprString(e)
}
