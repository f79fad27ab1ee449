package model

import (
	"go/ast"
	"go/types"

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
