package kube

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
)

// versionJudge tells whether an object can carry a resourceVersion at a
// point of a function: whether it was built fresh (from a literal, by a
// fresh builder, decoded), and whether anything since could have given it
// one. The version stage asks it of writes, the returners stage of a
// returner's parameters, and the facts of builders and create helpers.
//
// Two of its answers are kept as they are first computed, with a
// placeholder while they are (see freshResultOf and keptParams): what a
// function of the package builds and what it leaves alone. They are not
// computed ahead of the questions because the answers read the returners
// known when a question is asked (see sendsAsGiven), and those grow from
// the version stage to the returners stage.
type versionJudge struct {
	pass    *analysis.Pass // for the facts of other packages' functions
	info    *types.Info
	decls   map[*types.Func]*ast.FuncDecl
	found   *writesAndReads
	objects objectTypes
	// returners are the returners known so far: other packages' while the
	// writes are judged, this package's too as the returners stage finds
	// them (the stage grows this map).
	returners map[*types.Func]Returner

	freshBuilders map[*types.Func]int    // the result a function builds without a resourceVersion (-1: none)
	keepers       map[*types.Func][]bool // per parameter, whether a function leaves its object without a resourceVersion
	copying       map[*types.Var]bool    // variables whose deep copies are being judged (see copiesFresh)
}

func newVersionJudge(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, found *writesAndReads, returners map[*types.Func]Returner, objects objectTypes) *versionJudge {
	return &versionJudge{
		pass: pass, info: pass.TypesInfo, decls: decls, found: found, objects: objects, returners: returners,
		freshBuilders: make(map[*types.Func]int),
		keepers:       make(map[*types.Func][]bool),
		copying:       make(map[*types.Var]bool),
	}
}

// markCannotConflict finds writes that cannot conflict: an Update of an
// object built from a literal (or decoded from a manifest) without a
// resourceVersion, never read or handed to anything that could fill one in.
// The server has no version to compare: a built-in kind that allows it is
// updated unconditionally, and any other kind is rejected as Invalid, which
// is another bug than a lost Conflict. Every analyzer skips such writes.
func markCannotConflict(j *versionJudge, writes []*Write) {
	for _, w := range writes {
		switch w.Kind {
		case api.WriteUpdate, api.WriteSubResourceUpdate, api.WriteTypedUpdate, api.WriteObjectPatch:
		default:
			continue
		}
		v := w.Object.Root
		if v == nil {
			// A literal written as it is built: `Update(ctx, &T{...})`.
			w.CannotConflict = !w.Object.Copied && j.freshExpr(w.FuncNode, w.Object.Expr)
			continue
		}
		if w.Object.Path != v.Name() {
			continue
		}
		fn := declaringFunc(w, v)
		w.CannotConflict = fn != nil && j.refreshingWritesOf(v, fn, w) == 0 && j.builtWithoutVersion(fn, v)
	}
}

// declaringFunc returns the function around the write that declares v (the
// write's own, or an outer one whose local a closure captures), or nil.
func declaringFunc(w *Write, v *types.Var) ast.Node {
	for enc := range w.Cursor.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if fn := enc.Node(); fn.Pos() <= v.Pos() && v.Pos() < fn.End() {
			return fn
		}
	}
	return nil
}

// refreshingWritesOf counts the writes of v within fn, other than w, that
// refresh it in place: after a controller-runtime write the object carries
// the resourceVersion the server returned. Typed and dynamic writes leave
// their input as it was.
func (j *versionJudge) refreshingWritesOf(v *types.Var, fn ast.Node, w *Write) int {
	n := 0
	for _, o := range j.found.writes {
		if o != w && o.Object.Root == v && o.Kind.RefreshesInPlace() && fn.Pos() <= o.Call.Pos() && o.Call.End() <= fn.End() {
			n++
		}
	}
	return n
}

// builtWithoutVersion reports whether v is declared in fn from a composite
// literal (or as a zero value, or decoded from a manifest, or built by a
// fresh builder) that sets no resourceVersion, and nothing in fn can give
// it one afterwards (see untouched).
func (j *versionJudge) builtWithoutVersion(fn ast.Node, v *types.Var) bool {
	def := j.definition(fn, v)
	if def == nil || setsResourceVersion(def) {
		return false
	}
	return j.untouched(fn, v, def)
}

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

// assignsFreshBuild reports whether as, in fn, gives v a new value that
// carries no resourceVersion: a literal, a fresh build (`objs, errs =
// build(...)`), v with fresh elements appended, or a deep copy of a fresh
// variable of fn.
func (j *versionJudge) assignsFreshBuild(fn ast.Node, as *ast.AssignStmt, v *types.Var) bool {
	info := j.info
	for i, lhs := range as.Lhs {
		if id := syntax.Ident(lhs); id == nil || info.ObjectOf(id) != v {
			continue
		}
		if len(as.Rhs) == 1 && len(as.Lhs) > 1 {
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			return ok && j.freshResult(call) == i
		}
		if len(as.Rhs) != len(as.Lhs) {
			return false
		}
		rhs := ast.Unparen(as.Rhs[i])
		if call, ok := rhs.(*ast.CallExpr); ok && isAppendTo(j.info, call, v) {
			return j.allFresh(nil, call.Args[1:])
		}
		return j.freshExpr(nil, rhs) || j.copiesFresh(fn, rhs)
	}
	return false
}

// copiesFresh reports whether e is `x.DeepCopy()` of a variable x that fn
// declares fresh and never gives a version: the copy carries none either
// (kruise's e2e `deploymentIn1 := deployment.DeepCopy()`).
func (j *versionJudge) copiesFresh(fn ast.Node, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || fn == nil || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopy" {
		return false
	}
	x, ok := j.info.Uses[syntax.Ident(ast.Unparen(sel.X))].(*types.Var)
	if !ok || j.copying[x] {
		return false // not a variable, or a copy of a copy of itself
	}
	j.copying[x] = true
	defer delete(j.copying, x)
	return j.refreshingWritesOf(x, fn, nil) == 0 && j.builtWithoutVersion(fn, x)
}

// isBuiltinCall reports whether call is of a builtin that cannot give an
// object a resourceVersion (append, len...; not copy).
func isBuiltinCall(info *types.Info, call *ast.CallExpr) bool {
	name := api.CalledBuiltin(info, call)
	return name != "" && name != "copy"
}

// isAppendTo reports whether call is append(v, ...).
func isAppendTo(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	if api.CalledBuiltin(info, call) != "append" || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return false
	}
	id := syntax.Ident(ast.Unparen(call.Args[0]))
	return id != nil && info.Uses[id] == v
}

// definition returns the declaration of v from a fresh value (`v :=
// &T{...}`, `var v T`, `var v = T{...}`, `v, err := build()`), or nil
// when v is declared otherwise.
func (j *versionJudge) definition(fn ast.Node, v *types.Var) ast.Node {
	var def ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && definesVar(j.info, n, v) && j.assignsFreshBuild(fn, n, v) {
				def = n
			}
		case *ast.ValueSpec:
			if len(n.Names) == 1 && j.info.Defs[n.Names[0]] == v && (len(n.Values) == 0 || len(n.Values) == 1 && j.freshExpr(nil, n.Values[0])) {
				def = n
			}
		}
		return def == nil
	})
	return def
}

// definesVar reports whether as declares v.
func definesVar(info *types.Info, as *ast.AssignStmt, v *types.Var) bool {
	for _, lhs := range as.Lhs {
		if id := syntax.Ident(lhs); id != nil && info.Defs[id] == v {
			return true
		}
	}
	return false
}

func isLiteral(e ast.Expr) bool {
	_, ok := api.StripAddr(e).(*ast.CompositeLit)
	return ok
}

// setsResourceVersion reports whether a literal mentions ResourceVersion.
func setsResourceVersion(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "ResourceVersion" {
			found = true
		}
		return !found
	})
	return found
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
		return api.RootVar(info, e)
	}
}

// handsOver reports whether call may fill in v: v (or a part of it that
// is not a plain value, such as its metadata) is an argument, or the call
// is a setter on v (SetResourceVersion).
func handsOver(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	for _, arg := range call.Args {
		if argRoot := elementRoot(info, api.StripAddr(arg)); argRoot == v && !isPlainValue(info.TypeOf(arg)) {
			return true
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Set") {
		return api.RootVar(info, ast.Unparen(sel.X)) == v
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
	fn := api.Callee(info, call)
	if fn == nil {
		return false
	}
	if api.VersionKeepers[api.FuncKeyOf(fn)] || returnsStoredCopy(fn.Signature()) {
		return true
	}
	mk := api.MethodKeyOf(fn)
	return mk.Name == "Decode" && api.VersionKeepingDecoders[api.FuncKey{Pkg: mk.Pkg, Name: mk.Type}]
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
	if !ok || named.Obj().Pkg() == nil || syntax.PkgPath(named.Obj().Pkg()) != api.MetaV1Path {
		return false
	}
	name := named.Obj().Name()
	return name == "CreateOptions" || name == "UpdateOptions"
}

// sendsAsGiven reports whether call hands v to a write helper that sends
// that parameter as it is given (Returner.AsGiven): the helper gives it no
// resourceVersion.
func (j *versionJudge) sendsAsGiven(call *ast.CallExpr, v *types.Var) bool {
	fn := api.Callee(j.info, call)
	if fn == nil {
		return false
	}
	r, ok := j.returners[fn]
	if !ok || r.AsGiven < 0 || r.AsGiven >= len(call.Args) {
		return false
	}
	for i, arg := range call.Args {
		if root := elementRoot(j.info, api.StripAddr(arg)); root == v && (i != r.AsGiven || api.ObjectOf(j.info, arg).Path != v.Name()) {
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
	fn := api.Callee(info, call)
	if fn == nil || fn.Signature().Recv() != nil {
		return false
	}
	for _, arg := range call.Args {
		if elementRoot(info, api.StripAddr(arg)) != v && !isPlainValue(info.TypeOf(arg)) {
			return false
		}
	}
	return true
}

// freshExpr reports whether e is a value that carries no resourceVersion:
// nil, a literal that sets none (and copies no metadata), a call of a fresh
// builder, or a variable fn declares from one of these and never gives a
// version (fn nil: not looked for).
func (j *versionJudge) freshExpr(fn ast.Node, e ast.Expr) bool {
	switch e := api.StripAddr(e).(type) {
	case *ast.CompositeLit:
		return j.freshLiteral(fn, e)
	case *ast.CallExpr:
		return j.freshResult(e) == 0 && resultCount(j.info, e) == 1
	case *ast.Ident:
		if j.info.Uses[e] == types.Universe.Lookup("nil") {
			return true
		}
		return fn != nil && j.declaredFromLiteral(fn, e)
	}
	return false
}

// freshLiteral is freshExpr for a composite literal: a struct that sets no
// resourceVersion and whose metadata, if set, is a literal too; a slice,
// array or map whose elements are all fresh.
func (j *versionJudge) freshLiteral(fn ast.Node, lit *ast.CompositeLit) bool {
	if setsResourceVersion(lit) {
		return false
	}
	var elems []ast.Expr
	for _, el := range lit.Elts {
		key, val := ast.Expr(nil), el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			key, val = kv.Key, kv.Value
		}
		if id := syntax.Ident(key); id != nil && id.Name == "ObjectMeta" && !isLiteral(val) {
			return false
		}
		elems = append(elems, val)
	}
	switch typeinfo.UnderOf(j.info, lit).(type) {
	case *types.Slice, *types.Array, *types.Map:
		return j.allFresh(fn, elems)
	case nil:
		return false // not type-checked: its kind is unknown
	}
	return true
}

// allFresh reports whether every element of es is fresh.
func (j *versionJudge) allFresh(fn ast.Node, es []ast.Expr) bool {
	for _, e := range es {
		if !j.freshExpr(fn, e) {
			return false
		}
	}
	return true
}

// declaredFromLiteral reports whether e names a variable that fn declares
// from a composite literal and never gives a resourceVersion.
func (j *versionJudge) declaredFromLiteral(fn ast.Node, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := j.info.Uses[id].(*types.Var)
	return ok && j.refreshingWritesOf(v, fn, nil) == 0 && j.builtWithoutVersion(fn, v)
}
