package fixes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube"
)

const crClientPath = "sigs.k8s.io/controller-runtime/pkg/client"

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
		if IsPkgFunc(info, e, "context", "Background") || IsPkgFunc(info, e, "context", "TODO") {
			return true
		}
		fn, ok := Callee(info, e)
		sel, isSel := e.Fun.(*ast.SelectorExpr)
		if !ok || !isSel || fn.Signature().Recv() == nil || !isClientPackage(fn.Pkg()) {
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

// IsPkgFunc reports whether call calls the package-level function path.name.
func IsPkgFunc(info *types.Info, call *ast.CallExpr, path, name string) bool {
	fn, ok := Callee(info, call)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name && fn.Signature().Recv() == nil
}

// Callee returns the function or method call calls (its generic
// origin), or nil.
func Callee(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil, false
	}
	return fn.Origin(), true
}

// isClientPackage reports whether pkg is client code whose accessor
// methods (CoreV1(), ConfigMaps(ns), Resource(gvr), Namespace(ns)) only
// build clients: client-go, its generated CRD clientsets, controller-runtime.
func isClientPackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	return strings.HasPrefix(p, "k8s.io/client-go/") || strings.HasPrefix(p, "sigs.k8s.io/controller-runtime/") ||
		strings.Contains(p, "/clientset/")
}

// ResolvesSame reports whether every identifier in n would denote the same
// object if n were written at pos instead: nothing declared between would
// shadow it, and it does not use anything declared after pos.
func ResolvesSame(pkg *types.Package, info *types.Info, n ast.Node, pos token.Pos) bool {
	scope := pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	var check func(n ast.Node) bool
	check = func(n ast.Node) bool {
		ok := true
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.SelectorExpr:
				// The selector is a field, a method or a package member;
				// only the operand is resolved by scope.
				ok = check(n.X)
				return false
			case *ast.KeyValueExpr:
				// A struct literal key is a field name.
				ok = (isFieldVar(info, n.Key) || check(n.Key)) && check(n.Value)
				return false
			case *ast.Ident:
				ok = sameAt(scope, info, n, pos)
			}
			return ok
		})
		return ok
	}
	return check(n)
}

func sameAt(scope *types.Scope, info *types.Info, id *ast.Ident, pos token.Pos) bool {
	want := info.ObjectOf(id)
	if want == nil || id.Name == "_" {
		return true
	}
	_, got := scope.LookupParent(id.Name, pos)
	return got == want
}

// isFieldVar reports whether e is an identifier naming a struct field.
func isFieldVar(info *types.Info, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	return ok && v.IsField()
}

// UsesName reports whether n contains an identifier spelled name.
func UsesName(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// BaseClient strips Status() and SubResource(name) from a subresource
// write's receiver, leaving the client that can Get.
func BaseClient(e ast.Expr) ast.Expr {
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
	pkg := syntax.FindPackage(pass.Pkg, crClientPath)
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
func ControllerRuntimeReRead(pass *analysis.Pass, w *kube.Write, at token.Pos) ([]string, []analysis.TextEdit, bool) {
	args := w.Call.Args
	if len(args) < 2 || w.Client == nil {
		return nil, nil, false
	}
	cl := BaseClient(w.Client)
	if cl == nil || !hasReaderGet(pass, pass.TypesInfo.TypeOf(cl)) {
		return nil, nil, false
	}
	ctx, objArg := args[0], args[1]
	for _, e := range []ast.Expr{cl, ctx, objArg} {
		if !SimpleExpr(pass.TypesInfo, e) || !ResolvesSame(pass.Pkg, pass.TypesInfo, e, at) || UsesName(e, "err") {
			return nil, nil, false
		}
	}
	pkgName, edits, ok := ImportName(pass, at, crClientPath, "client")
	if !ok {
		return nil, nil, false
	}
	o := Source(pass, objArg)
	lines := []string{
		fmt.Sprintf("if err := %s.Get(%s, %s.ObjectKeyFromObject(%s), %s); err != nil {", Source(pass, cl), Source(pass, ctx), pkgName, o, o),
		"\treturn err",
		"}",
	}
	return lines, edits, true
}
