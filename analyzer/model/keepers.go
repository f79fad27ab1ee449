package model

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// leavesVersion reports whether call hands v only to parameters that its
// callee leaves without a resourceVersion (see keptParams): an e2e
// framework's `CreateDeployment(d)`, which creates d with a typed client
// and drops the stored copy, or a comparison helper.
func (j *versionJudge) leavesVersion(call *ast.CallExpr, v *types.Var) bool {
	info := j.info
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Signature().Variadic() || len(call.Args) != fn.Signature().Params().Len() {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; (s != nil && s.Kind() == types.MethodExpr) || upstream.RootVar(info, ast.Unparen(sel.X)) == v {
			return false // a method of v, or one called as T.M(recv, ...)
		}
	}
	kept := j.keptParams(fn)
	handed := false
	for i, arg := range call.Args {
		if elementRoot(info, upstream.StripAddr(arg)) != v || isPlainValue(info.TypeOf(arg)) {
			continue
		}
		if i >= len(kept) || !kept[i] {
			return false
		}
		handed = true
	}
	return handed
}

// judgeParams is keptParams for fn, a function of the package declared by
// decl, judged from the summaries so far; nil when it keeps none.
func (j *versionJudge) judgeParams(fn *types.Func, decl *ast.FuncDecl) []bool {
	ps := fn.Signature().Params()
	var kept []bool
	for i := range ps.Len() {
		p := ps.At(i)
		if j.objects.is(p.Type()) && j.refreshingWritesOf(p, decl, nil) == 0 && !j.found.definedByRead(p) && j.untouched(decl, p, nil) {
			if kept == nil {
				kept = make([]bool, ps.Len())
			}
			kept[i] = true
		}
	}
	return kept
}

// keptObjectParams returns the parameters of fn, declared by decl, that
// hold an API object and that fn leaves without a resourceVersion: a
// create helper that drops the stored copy, or one that only reads its
// object (a wait on it, a comparison, a log line). Its callers in other
// packages learn it from a fact. A returner that writes the parameter
// through a helper is left out unless it hands it to a typed client: a
// controller-runtime write refreshes its object in place.
func (j *versionJudge) keptObjectParams(fn *types.Func, decl *ast.FuncDecl) []int {
	var out []int
	ps := fn.Signature().Params()
	r, returner := j.returners[fn]
	for i, kept := range j.keptParams(fn) {
		p := ps.At(i)
		if kept && j.objects.is(p.Type()) && (!returner || r.Param != i || sentToTypedClient(j.info, decl, p)) {
			out = append(out, i)
		}
	}
	return out
}

// sentToTypedClient reports whether decl hands p to a client-go typed
// Create or Update.
func sentToTypedClient(info *types.Info, decl *ast.FuncDecl, p *types.Var) bool {
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		if fn := upstream.Callee(info, call); fn != nil && returnsStoredCopy(fn.Signature()) {
			for _, arg := range call.Args {
				found = found || upstream.RootVar(info, ast.Unparen(arg)) == p
			}
		}
		return !found
	})
	return found
}

// handsBack reports whether e gives v back as it was: a call, maybe
// asserted to a type, of a function of the package that returns its
// parameter on every path and gives it no resourceVersion, given v there
// (`d = addOwnership(d).(*appsv1.Deployment)`). The assignment keeps
// v's object, so it keeps v without a resourceVersion if it had none.
func (j *versionJudge) handsBack(e ast.Expr, v *types.Var) bool {
	if ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr); ok && ta.Type != nil {
		e = ta.X
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := upstream.Callee(j.info, call)
	decl := j.decls[fn]
	i, same := returnedParam(j.info, decl)
	if i < 0 || len(call.Args) != len(syntax.ParamVars(j.info, decl)) {
		return false
	}
	for k, arg := range call.Args {
		if (elementRoot(j.info, upstream.StripAddr(arg)) == v) != (k == i) {
			return false // v given elsewhere too, or not given back
		}
	}
	// The variables that hold the parameter's object come from the
	// caller's v, whatever a type assertion looks like to the model.
	for a := range same {
		if j.refreshingWritesOf(a, decl, nil) != 0 || !j.untouched(decl, a, nil) {
			return false
		}
	}
	return true
}

// returnedParam returns the index of the parameter that decl returns as
// its only result on every path, and the variables that hold it (itself,
// the variable of a type switch on it, one asserted from it), or -1.
func returnedParam(info *types.Info, decl *ast.FuncDecl) (int, map[*types.Var]bool) {
	if decl == nil || decl.Body == nil || decl.Type.Results.NumFields() != 1 {
		return -1, nil
	}
	for i, p := range syntax.ParamVars(info, decl) {
		if p == nil {
			continue
		}
		same := heldAs(info, decl.Body, p)
		if syntax.EveryReturn(decl.Body, func(r *ast.ReturnStmt) bool { return len(r.Results) == 1 && same[plainVar(info, r.Results[0])] }) {
			return i, same
		}
	}
	return -1, nil
}

// plainVar returns the variable e is, as it is or asserted to a type (not
// a field of it), or nil.
func plainVar(info *types.Info, e ast.Expr) *types.Var {
	if ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr); ok {
		e = ta.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

// heldAs returns p and the variables in body that hold p's object: those
// of a type switch on it (`switch r := p.(type)`) and those declared from
// an assertion of it (`d, ok := p.(*appsv1.Deployment)`).
func heldAs(info *types.Info, body *ast.BlockStmt, p *types.Var) map[*types.Var]bool {
	out := map[*types.Var]bool{p: true}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && assertsFrom(info, as.Rhs[0], p) {
				for _, c := range n.Body.List {
					if v, ok := info.Implicits[c].(*types.Var); ok {
						out[v] = true
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && len(n.Lhs) > 0 && assertsFrom(info, n.Rhs[0], p) {
				if v, ok := info.Defs[syntax.Ident(n.Lhs[0])].(*types.Var); ok {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// assertsFrom reports whether e is a type assertion of p itself.
func assertsFrom(info *types.Info, e ast.Expr, p *types.Var) bool {
	ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
	return ok && plainVar(info, ta.X) == p
}
