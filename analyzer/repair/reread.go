package repair

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The fixes of several checks insert a re-read of a written object. How a
// controller-runtime object is read, through which client, and which client
// calls are free of side effects is knowledge of the upstream API, so it
// lives here rather than in internal/fixes.

// baseClient strips Status() and SubResource(name) from a subresource
// write's receiver, leaving the client that can Get.
func baseClient(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return e
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Status" && sel.Sel.Name != "SubResource") {
		return nil
	}
	return sel.X
}

// hasReaderGet reports whether t has controller-runtime's Reader.Get.
func hasReaderGet(pass *analysis.Pass, t types.Type) bool {
	pkg := syntax.FindPackage(pass.Pkg, upstream.ClientPath)
	if pkg == nil || t == nil {
		return false
	}
	reader, ok := pkg.Scope().Lookup("Reader").(*types.TypeName)
	if !ok {
		return false
	}
	want, _, _ := types.LookupFieldOrMethod(reader.Type(), false, nil, "Get")
	got, _, _ := types.LookupFieldOrMethod(t, true, pass.Pkg, "Get")
	wf, ok1 := want.(*types.Func)
	gf, ok2 := got.(*types.Func)
	return ok1 && ok2 && types.Identical(wf.Signature(), gf.Signature())
}

// ControllerRuntimeReRead builds `if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj)`
// for a controller-runtime write, with the import it needs.
func ControllerRuntimeReRead(pass *analysis.Pass, w *model.Write, at token.Pos) ([]string, []analysis.TextEdit, bool) {
	args := w.Call.Args
	if len(args) < 2 || w.Client == nil {
		return nil, nil, false
	}
	cl := baseClient(w.Client)
	if cl == nil || !hasReaderGet(pass, pass.TypesInfo.TypeOf(cl)) {
		return nil, nil, false
	}
	ctx, objArg := args[0], args[1]
	for _, e := range []ast.Expr{cl, ctx, objArg} {
		if !SimpleExpr(pass.TypesInfo, e) || !fixes.ResolvesSame(pass.Pkg, pass.TypesInfo, e, at) || fixes.UsesName(e, "err") {
			return nil, nil, false
		}
	}
	pkgName, edits, ok := fixes.ImportName(pass, at, upstream.ClientPath, "client")
	if !ok {
		return nil, nil, false
	}
	o := fixes.Source(pass, objArg)
	lines := []string{
		fmt.Sprintf("if err := %s.Get(%s, %s.ObjectKeyFromObject(%s), %s); err != nil {", fixes.Source(pass, cl), fixes.Source(pass, ctx), pkgName, o, o),
		"\treturn err",
		"}",
	}
	return lines, edits, true
}

// TypedReRead builds the re-read of a client-go typed or dynamic write at
// at: the Get of the same resource interface into a new variable named
// fresh, assigned back to the object, with the import it needs:
//
//	fresh, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, cm.GetName(), metav1.GetOptions{})
//	if err != nil {
//		return err
//	}
//	cm = fresh
//
// The caller chooses fresh and errName so that they shadow nothing the
// code after the re-read uses.
func TypedReRead(pass *analysis.Pass, w *model.Write, at token.Pos, fresh, errName string) ([]string, []analysis.TextEdit, bool) {
	info := pass.TypesInfo
	args := w.Call.Args
	if len(args) < 2 || w.Client == nil || !w.Object.Valid() {
		return nil, nil, false
	}
	ptr, ok := info.TypeOf(args[1]).(*types.Pointer)
	if !ok || !rereadableBy(pass, info.TypeOf(w.Client), ptr) {
		return nil, nil, false
	}
	for _, e := range []ast.Expr{w.Client, args[0], args[1]} {
		if !SimpleExpr(info, e) || !fixes.ResolvesSame(pass.Pkg, info, e, at) {
			return nil, nil, false
		}
	}
	meta, edits, ok := fixes.ImportName(pass, at, upstream.MetaV1Path, "metav1")
	if !ok {
		return nil, nil, false
	}
	name := w.Object.Root.Name()
	assign := fmt.Sprintf("%s = %s", name, fresh)
	if u, isAddr := ast.Unparen(args[1]).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		assign = fmt.Sprintf("%s = *%s", name, fresh)
	}
	lines := []string{
		fmt.Sprintf("%s, %s := %s.Get(%s, %s.GetName(), %s.GetOptions{})", fresh, errName, fixes.Source(pass, w.Client), fixes.Source(pass, args[0]), name, meta),
		fmt.Sprintf("if %s != nil {", errName),
		fmt.Sprintf("\treturn %s", errName),
		"}",
		assign,
	}
	return lines, edits, true
}

// rereadableBy reports whether t has the typed client Get that a fix can
// call to re-read a written *T: Get(context.Context, string,
// metav1.GetOptions[, ...string]) (*T, error), on an interface or a
// non-generic type (hasTypedGet, which recognises writes, is looser).
func rereadableBy(pass *analysis.Pass, t types.Type, obj *types.Pointer) bool {
	if t == nil {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, pass.Pkg, "Get")
	fn, ok := m.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	if n, ok := types.Unalias(t).(*types.Named); ok && n.TypeArgs().Len() > 0 {
		return false // instantiated generic receivers: keep to interfaces
	}
	p, r := sig.Params(), sig.Results()
	if r.Len() != 2 || !types.Identical(r.At(0).Type(), obj) || !types.Identical(r.At(1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	switch {
	case p.Len() == 3 && !sig.Variadic():
	case p.Len() == 4 && sig.Variadic():
	default:
		return false
	}
	return upstream.IsNamed(p.At(0).Type(), "context", "Context") &&
		types.Identical(p.At(1).Type(), types.Typ[types.String]) &&
		upstream.IsNamed(p.At(2).Type(), upstream.MetaV1Path, "GetOptions")
}

// SimpleExpr reports whether e is safe to evaluate once more: names,
// selections, &x, and calls of methods without side effects that client
// chains use (cs.CoreV1().ConfigMaps(ns)), context.Background and TODO.
func SimpleExpr(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return SimpleExpr(info, e.X)
	case *ast.UnaryExpr:
		return e.Op == token.AND && SimpleExpr(info, e.X)
	case *ast.StarExpr:
		return SimpleExpr(info, e.X)
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		if upstream.IsCallTo(info, e, upstream.FuncKey{Pkg: "context", Name: "Background"}) || upstream.IsCallTo(info, e, upstream.FuncKey{Pkg: "context", Name: "TODO"}) {
			return true
		}
		fn := upstream.Callee(info, e)
		sel, isSel := e.Fun.(*ast.SelectorExpr)
		if fn == nil || !isSel || fn.Signature().Recv() == nil || !isClientPackage(fn.Pkg()) {
			return false
		}
		for _, a := range e.Args {
			if !SimpleExpr(info, a) {
				return false
			}
		}
		return SimpleExpr(info, sel.X)
	}
	return false
}

// isClientPackage reports whether pkg is client code whose accessor
// methods (CoreV1(), ConfigMaps(ns), Resource(gvr), Namespace(ns)) only
// build clients: client-go, its generated CRD clientsets, controller-runtime.
func isClientPackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := syntax.PkgPath(pkg)
	return slices.ContainsFunc(upstream.ClientAccessorPkgs, func(prefix string) bool { return upstream.HasPrefixPath(p, prefix) }) ||
		strings.Contains(p, upstream.ClientsetPathPart)
}

// ConflictReRead builds the branch a fix puts after a write inside a retry
// closure when the object came from the caller: only a Conflict re-reads it,
// so the first attempt sends exactly what the code sent before, the
// caller's changes included, and the next attempt starts from the stored
// object. After a Conflict the object in hand can never be written as it
// is (its resourceVersion is stale), so the re-read drops nothing a later
// optimistic write could still have sent. errName is the write's error:
//
//	if apierrors.IsConflict(err) {
//		if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
//			return err
//		}
//	}
func ConflictReRead(pass *analysis.Pass, w *model.Write, at token.Pos, errName string) ([]string, []analysis.TextEdit, bool) {
	var reRead []string
	var edits []analysis.TextEdit
	var ok bool
	switch {
	case w.Kind == upstream.WriteTypedUpdate || w.Kind == upstream.WriteDynamicUpdate:
		fresh := "latest"
		if fixes.UsesName(w.Call, fresh) {
			return nil, nil, false
		}
		reRead, edits, ok = TypedReRead(pass, w, at, fresh, "getErr")
	case w.Kind == upstream.WriteUpdate || w.Kind == upstream.WriteSubResourceUpdate:
		reRead, edits, ok = ControllerRuntimeReRead(pass, w, at)
	}
	if !ok {
		return nil, nil, false
	}
	apierrors, imp, ok := fixes.ImportName(pass, at, upstream.ErrorsPath, "apierrors")
	if !ok {
		return nil, nil, false
	}
	lines := []string{fmt.Sprintf("if %s.IsConflict(%s) {", apierrors, errName)}
	for _, l := range reRead {
		lines = append(lines, "\t"+l)
	}
	lines = append(lines, "}")
	return lines, append(edits, imp...), true
}

// ParamOf reports whether w writes a parameter (or the receiver) of the
// function it is in, as a whole: its caller handed the object in.
func ParamOf(w *model.Write) bool {
	obj := w.Object
	return obj.Valid() && !obj.Copied && obj.Path == obj.Root.Name() && IsParamOf(w.FuncNode, obj.Root)
}

// IsParamOf reports whether v is a parameter or the receiver of fn (a
// *ast.FuncDecl or *ast.FuncLit).
func IsParamOf(fn ast.Node, v *types.Var) bool {
	var lists []*ast.FieldList
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		lists = []*ast.FieldList{fn.Recv, fn.Type.Params}
	case *ast.FuncLit:
		lists = []*ast.FieldList{fn.Type.Params}
	}
	for _, l := range lists {
		if l != nil && l.Pos() <= v.Pos() && v.Pos() < l.End() {
			return true
		}
	}
	return false
}
