package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// What can give an object a resourceVersion after it was built: an
// assignment, a read into it, or a call it is handed to, unless the
// callee is known to leave the version alone.

// untouched reports whether nothing in fn can give v a resourceVersion: v
// is not assigned (other than by def, or from a fresh build), read into,
// or handed to a call that could fill one in (see mayGiveVersion). Writes
// are not counted here: see refreshingWritesOf.
func (j *versionJudge) untouched(fn ast.Node, v *types.Var, def ast.Node) bool {
	return j.untouchedIn(fn, v, def, fn.Pos(), fn.End())
}

// untouchedIn is untouched for the nodes of fn within [from, to).
func (j *versionJudge) untouchedIn(fn ast.Node, v *types.Var, def ast.Node, from, to token.Pos) bool {
	clean := true
	ast.Inspect(fn, func(n ast.Node) bool {
		if !clean || n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		if n.Pos() < from || n.End() > to {
			return true // around the range: look inside
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n != def && assignsInto(j.info, n, v) && !j.assignsFreshBuild(fn, n, v) {
				clean = false
			}
		case *ast.CallExpr:
			if j.found.writeAt(n) == nil && j.mayGiveVersion(n, v) {
				clean = false
			}
		}
		return true
	})
	return clean
}

// mayGiveVersion reports whether call, which is not a write, may give v a
// resourceVersion: v is handed to it (see handsOver), and the callee is
// not known to leave v's version alone.
func (j *versionJudge) mayGiveVersion(call *ast.CallExpr, v *types.Var) bool {
	if isBuiltinCall(j.info, call) || !handsOver(j.info, call, v) {
		return false
	}
	return !keepsVersion(j.info, call) && !j.sendsAsGiven(call, v) && !cannotSupplyVersion(j.info, call, v) && !j.leavesVersion(call, v)
}

// isBuiltinCall reports whether call is of a builtin that cannot give an
// object a resourceVersion (append, len...; not copy).
func isBuiltinCall(info *types.Info, call *ast.CallExpr) bool {
	name := upstream.CalledBuiltin(info, call)
	return name != "" && name != "copy"
}

// assignsInto reports whether as assigns v, or its metadata.
func assignsInto(info *types.Info, as *ast.AssignStmt, v *types.Var) bool {
	for _, lhs := range as.Lhs {
		if elementRoot(info, ast.Unparen(lhs)) != v {
			continue
		}
		path := types.ExprString(lhs)
		if path == v.Name() || strings.Contains(path, "ObjectMeta") || strings.Contains(path, "ResourceVersion") {
			return true
		}
	}
	return false
}

// elementRoot is rootVar through index expressions too: the variable
// whose storage objs[i].ResourceVersion is.
func elementRoot(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := e.(type) {
		case *ast.IndexExpr:
			e = ast.Unparen(x.X)
			continue
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				e = ast.Unparen(x.X)
				continue
			}
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
			continue
		}
		return upstream.RootVar(info, e)
	}
}

// handsOver reports whether call may fill in v: v (or a part of it that
// is not a plain value, such as its metadata) is an argument, or the call
// is a setter on v (SetResourceVersion).
func handsOver(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	for _, arg := range call.Args {
		if argRoot := elementRoot(info, upstream.StripAddr(arg)); argRoot == v && mayHoldVersion(info.TypeOf(arg)) {
			return true
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Set") {
		return upstream.RootVar(info, ast.Unparen(sel.X)) == v
	}
	return false
}

// mayHoldVersion reports whether a value of type t can reach a
// resourceVersion: it is, holds or points to an object's metadata, or an
// interface that may. A part of an object without one (its spec's label
// selector, its replicas) handed to a call cannot give the object a
// version: from a pointer into the spec there is no way back to the
// object's own metadata.
func mayHoldVersion(t types.Type) bool {
	return holdsMeta(t, make(map[types.Type]bool))
}

func holdsMeta(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return t == nil
	}
	seen[t] = true
	if upstream.IsNamed(t, upstream.MetaV1Path, "ObjectMeta") {
		return true
	}
	switch u := typeinfo.Under(t).(type) {
	case *types.Pointer:
		return holdsMeta(u.Elem(), seen)
	case *types.Slice:
		return holdsMeta(u.Elem(), seen)
	case *types.Array:
		return holdsMeta(u.Elem(), seen)
	case *types.Map:
		return holdsMeta(u.Key(), seen) || holdsMeta(u.Elem(), seen)
	case *types.Chan:
		return holdsMeta(u.Elem(), seen)
	case *types.Interface, *types.Signature, *types.TypeParam:
		return true
	case *types.Struct:
		for f := range u.Fields() {
			if f.Name() == "ResourceVersion" || holdsMeta(f.Type(), seen) {
				return true
			}
		}
	}
	return false
}

// isPlainValue reports whether t is a string, number or boolean (maybe
// named): a copy that cannot carry a resourceVersion back.
func isPlainValue(t types.Type) bool {
	b, ok := typeinfo.Under(t).(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsNumeric|types.IsBoolean) != 0
}

// keepsVersion reports whether call is known to leave an object's
// resourceVersion as it is: a decoder filling a new object from a manifest,
// a setter of owner references, finalizers, labels and annotations, or a
// client-go typed or dynamic Create or Update, which returns the stored
// object and leaves its argument alone.
func keepsVersion(info *types.Info, call *ast.CallExpr) bool {
	fn := upstream.Callee(info, call)
	if fn == nil {
		return false
	}
	if upstream.VersionKeepers[upstream.FuncKeyOf(fn)] || returnsStoredCopy(fn.Signature()) {
		return true
	}
	mk := upstream.MethodKeyOf(fn)
	return mk.Name == "Decode" && upstream.VersionKeepingDecoders[upstream.FuncKey{Pkg: mk.Pkg, Name: mk.Type}]
}

// returnsStoredCopy reports whether sig is client-go's shape of a Create or
// Update, `(ctx, obj *T, metav1.CreateOptions|UpdateOptions) (*T, error)`:
// the object the server stored comes back as a new value.
func returnsStoredCopy(sig *types.Signature) bool {
	ps, rs := sig.Params(), sig.Results()
	if ps.Len() != 3 || rs.Len() != 2 || !types.Identical(ps.At(1).Type(), rs.At(0).Type()) {
		return false
	}
	named, ok := types.Unalias(ps.At(2).Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || syntax.PkgPath(named.Obj().Pkg()) != upstream.MetaV1Path {
		return false
	}
	name := named.Obj().Name()
	return name == "CreateOptions" || name == "UpdateOptions"
}

// sendsAsGiven reports whether call hands v to a write helper that sends
// that parameter as it is given (Returner.AsGiven): the helper gives it no
// resourceVersion.
func (j *versionJudge) sendsAsGiven(call *ast.CallExpr, v *types.Var) bool {
	fn := upstream.Callee(j.info, call)
	if fn == nil {
		return false
	}
	r, ok := j.returners[fn]
	if !ok || r.AsGiven < 0 || r.AsGiven >= len(call.Args) {
		return false
	}
	for i, arg := range call.Args {
		if root := elementRoot(j.info, upstream.StripAddr(arg)); root == v && (i != r.AsGiven || upstream.ObjectOf(j.info, arg).Path != v.Name()) {
			return false
		}
	}
	return true
}

// cannotSupplyVersion reports whether call is of a function (not a method,
// whose receiver may hold a client) that is handed v and otherwise only
// strings, numbers and booleans: it has no client to read a
// resourceVersion with and no other object to copy one from. What this
// gives up: such a function that decodes a string into v.
func cannotSupplyVersion(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Signature().Recv() != nil {
		return false
	}
	for _, arg := range call.Args {
		if elementRoot(info, upstream.StripAddr(arg)) != v && !isPlainValue(info.TypeOf(arg)) {
			return false
		}
	}
	return true
}
