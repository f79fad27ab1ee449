package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A Reconcile that asks for a requeue on every quiet return but one, the
// scaffold's `if apierrors.IsNotFound(err) { return ctrl.Result{}, nil }`
// after the Get of the request's own object, still redoes every lost
// write: that return is taken only when the reconciled object is gone, on
// a path where the reconcile has not written yet (the Get opens the body)
// and nothing is left to redo.

// goneReturns returns the returns of a Reconcile body taken only when the
// Get of the request's object at the top of body found nothing. req is the
// request parameter. The Get must come before any client write of the
// body's top level, and its error be tested by IsNotFound in the same
// statement or the next.
func goneReturns(info *types.Info, body *ast.BlockStmt, req *types.Var) map[*ast.ReturnStmt]bool {
	if req == nil {
		return nil
	}
	for i, stmt := range body.List {
		if writesDirectly(info, stmt) {
			return nil
		}
		errVar := requestGetError(info, stmt, req)
		if errVar == nil {
			continue
		}
		out := map[*ast.ReturnStmt]bool{}
		guards := []ast.Stmt{stmt}
		if i+1 < len(body.List) {
			guards = append(guards, body.List[i+1])
		}
		for _, g := range guards {
			notFoundReturns(info, g, errVar, out)
		}
		return out
	}
	return nil
}

// requestGetError returns the error variable stmt assigns from a call of a
// method Get with an argument that mentions req (the request's key), in an
// assignment or the init of an if.
func requestGetError(info *types.Info, stmt ast.Stmt, req *types.Var) *types.Var {
	if ifs, ok := stmt.(*ast.IfStmt); ok && ifs.Init != nil {
		stmt = ifs.Init
	}
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isGetOf(info, call, []*types.Var{req}) {
		return nil
	}
	id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	if v == nil || !upstream.IsErrorType(v.Type()) {
		return nil
	}
	return v
}

// notFoundReturns adds to out the returns directly under an if of stmt
// whose condition requires IsNotFound(errVar).
func notFoundReturns(info *types.Info, stmt ast.Stmt, errVar *types.Var, out map[*ast.ReturnStmt]bool) {
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if requiresNotFound(info, n.Cond, errVar) {
				for _, s := range n.Body.List {
					if ret, ok := s.(*ast.ReturnStmt); ok {
						out[ret] = true
					}
				}
			}
		}
		return true
	})
}

// requiresNotFound reports whether cond holds only when IsNotFound(errVar)
// does: the call itself or a conjunct of an &&.
func requiresNotFound(info *types.Info, cond ast.Expr, errVar *types.Var) bool {
	for _, c := range conjuncts(cond) {
		call, ok := ast.Unparen(c).(*ast.CallExpr)
		if ok && len(call.Args) == 1 && upstream.IsCallTo(info, call, upstream.NotFoundCheck) &&
			typeinfo.Mentions(info, call.Args[0], errVar) {
			return true
		}
	}
	return false
}

// conjuncts returns the operands of cond's chain of &&, or cond itself.
func conjuncts(cond ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{cond}
}

// writesDirectly reports whether stmt holds a client write outside
// function literals.
func writesDirectly(info *types.Info, stmt ast.Stmt) bool {
	found := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || upstream.IsClientWrite(info, n)
		}
		return !found
	})
	return found
}

// A write made because the work item's own object is gone (`if
// apierrors.IsNotFound(err) { cleanup }` after the Get of the request's
// object, or of the object a client-go key names) is cleanup after a
// deletion: no event of that object will come again, and no resync lists
// it, so a lost write there is lost for good whatever watches the kind.

// onGonePath reports whether cur lies in the body of an if, in the
// function around cur, whose condition requires IsNotFound of the error
// last assigned, before that if, by a Get of the work item's object: an
// argument mentions the item's key (a reconcile.Request parameter, or a
// string parameter named key) or a variable split from it, and it is the
// function's first such Get.
func onGonePath(info *types.Info, cur inspector.Cursor) bool {
	var decl *ast.FuncDecl
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl = enc.Node().(*ast.FuncDecl)
		break
	}
	if decl == nil || decl.Body == nil || info == nil {
		return false
	}
	keys := workItemKeys(info, decl)
	if len(keys) == 0 {
		return false
	}
	for enc := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncLit)(nil)) {
		ifs, ok := enc.Node().(*ast.IfStmt)
		if !ok {
			return false // a literal runs at another time
		}
		if !syntax.Within(cur.Node(), ifs.Body) {
			continue
		}
		for _, errVar := range notFoundTested(info, ifs.Cond) {
			if get := lastAssignment(info, decl.Body, errVar, ifs.Pos()); get != nil && get == firstGetOf(info, decl.Body, keys) {
				return true
			}
		}
	}
	return false
}

// workItemKeys returns the variables that name the work item of decl: its
// reconcile.Request parameter or its string parameter named key, and the
// variables its body assigns from a call given one of them (`namespace,
// name := splitKey(key)`, cache.SplitMetaNamespaceKey).
func workItemKeys(info *types.Info, decl *ast.FuncDecl) []*types.Var {
	var keys []*types.Var
	for _, p := range syntax.ParamVars(info, decl) {
		if upstream.IsNamed(p.Type(), upstream.ReconcilePath, "Request") || (p.Name() == "key" && types.Identical(p.Type(), types.Typ[types.String])) {
			keys = append(keys, p)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	for _, stmt := range decl.Body.List {
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return mentionsAny(info, a, keys) }) {
			continue
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && types.Identical(v.Type(), types.Typ[types.String]) {
					keys = append(keys, v)
				}
			}
		}
	}
	return keys
}

// notFoundTested returns the error variables cond requires IsNotFound of.
func notFoundTested(info *types.Info, cond ast.Expr) []*types.Var {
	var out []*types.Var
	for _, c := range conjuncts(cond) {
		call, ok := ast.Unparen(c).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !upstream.IsCallTo(info, call, upstream.NotFoundCheck) {
			continue
		}
		if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

// lastAssignment returns the call whose error body assigns to v last
// before pos, outside function literals, or nil when that assignment is
// not of a call.
func lastAssignment(info *types.Info, body *ast.BlockStmt, v *types.Var, pos token.Pos) *ast.CallExpr {
	var last *ast.AssignStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Pos() < pos && slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool {
				id, ok := ast.Unparen(l).(*ast.Ident)
				return ok && info.ObjectOf(id) == v
			}) {
				last = n
			}
		}
		return n == nil || n.Pos() < pos
	})
	if last == nil || len(last.Rhs) != 1 {
		return nil
	}
	call, _ := ast.Unparen(last.Rhs[0]).(*ast.CallExpr)
	return call
}

// firstGetOf returns the first call in body, in source order outside
// function literals, of a method Get given one of keys: the read of the
// work item's own object. A later Get of the same key reads another kind
// (the child named after its owner).
func firstGetOf(info *types.Info, body *ast.BlockStmt, keys []*types.Var) *ast.CallExpr {
	var first *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || first != nil {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && isGetOf(info, call, keys) {
			first = call
		}
		return first == nil
	})
	return first
}

// isGetOf reports whether call reads the object one of keys names: a
// method Get given the key, or a project's getter given it
// (k8s.GetCRWithDefaults(ctx, cl, req.NamespacedName, v), r.getCluster(ctx,
// req)), whose name says it gets and whose last result is an error.
func isGetOf(info *types.Info, call *ast.CallExpr, keys []*types.Var) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || !(fn.Name() == "Get" && fn.Signature().Recv() != nil || isGetterName(fn.Name()) && upstream.EndsInError(fn.Signature())) {
		return false
	}
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return mentionsAny(info, a, keys) })
}

// isGetterName reports whether name is Get or get followed by a word
// (GetCR, getCluster), not a word that starts with get (Getenv).
func isGetterName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Get")
	if !ok {
		rest, ok = strings.CutPrefix(name, "get")
	}
	return ok && rest != "" && unicode.IsUpper(rune(rest[0]))
}

// mentionsAny reports whether e uses one of vs.
func mentionsAny(info *types.Info, e ast.Expr, vs []*types.Var) bool {
	return slices.ContainsFunc(vs, func(v *types.Var) bool { return typeinfo.Mentions(info, e, v) })
}

// afterFinalizerRemoval reports whether, in the function around cur and
// before it in source order, controllerutil.RemoveFinalizer takes an
// object's finalizer off and a client write then sends that object: past
// that write the object being deleted is gone (a finalizer left by
// someone else may keep it a while; harsher, not milder), so a lost write
// after it is not redone by its events or a resync. A removal in a
// deletion branch that returns (`if deleting { ...; return }`) does not
// come before the code after that branch.
func afterFinalizerRemoval(info *types.Info, cur inspector.Cursor) bool {
	var body *ast.BlockStmt
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := enc.Node().(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.FuncLit:
			body = n.Body
		}
		break
	}
	if body == nil || info == nil {
		return false
	}
	var removed []*types.Var
	gone := false
	ast.Inspect(body, func(n ast.Node) bool {
		if gone || n == nil || n.Pos() >= cur.Node().Pos() {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if upstream.IsCallTo(info, call, upstream.FuncKey{Pkg: upstream.ControllerUtilPath, Name: "RemoveFinalizer"}) && len(call.Args) > 0 {
			if id, ok := ast.Unparen(upstream.StripAddr(call.Args[0])).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && !syntax.LeavesBefore(body, call, cur.Node()) {
					removed = append(removed, v)
				}
			}
		} else if len(removed) > 0 && upstream.IsClientWrite(info, call) {
			gone = slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return mentionsAny(info, a, removed) }) &&
				!syntax.LeavesBefore(body, call, cur.Node())
		}
		return true
	})
	return gone
}
