package retryreget

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/kube"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// reReadNames are the names the inserted re-read may declare.
var reReadNames = []string{"latest", "fresh", "err", "getErr"}

const (
	crClientPath = "sigs.k8s.io/controller-runtime/pkg/client"
	metaV1Path   = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// reReadFix builds the fix for a stale write: the re-read at the top of the
// closure, and the mutations made since the object's last read moved after
// it. It gives up unless the result provably compiles and keeps meaning.
func (c *checker) reReadFix(w *kube.Write) (analysis.SuggestedFix, bool) {
	lit, ok := w.Scope.Body.(*ast.FuncLit)
	if !ok || !returnsOnlyError(c.pass.TypesInfo, lit.Type) || len(lit.Body.List) == 0 {
		return analysis.SuggestedFix{}, false
	}
	// The object must be a plain local variable of the function that makes
	// the retry call, so that every mutation since its last read is in view.
	outer := syntax.EnclosingFuncNode(w.Scope.Cursor.Parent())
	obj := w.Object
	if outer == nil || obj.Path != obj.Root.Name() || !within(obj.Root.Pos(), syntax.FuncBody(outer)) {
		return analysis.SuggestedFix{}, false
	}
	at := lit.Body.Lbrace + 1
	moves, ok := c.movableMutations(w, outer)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	var reRead []string
	switch w.Kind {
	case kube.WriteUpdate, kube.WriteSubResourceUpdate, kube.WriteOptimisticPatch:
		reRead, edits, ok = c.crGet(w, lit, at)
	case kube.WriteTypedUpdate, kube.WriteDynamicUpdate:
		reRead, edits, ok = c.typedGet(w, lit, at)
	default:
		ok = false
	}
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	for _, m := range moves {
		// Moved statements follow the re-read, whose names they must not
		// see in place of their own.
		if !resolvesSame(c.pass.Pkg, c.pass.TypesInfo, m, at) || slices.ContainsFunc(reReadNames, func(n string) bool { return usesName(m, n) }) {
			return analysis.SuggestedFix{}, false
		}
		text, del, ok := c.statementLines(m)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		reRead = append(reRead, text...)
		edits = append(edits, del)
	}
	edits = append(edits, c.insertLines(lit, at, reRead))
	msg := fmt.Sprintf("Re-read %s at the top of the closure", obj.Name())
	if len(moves) > 0 {
		msg += " and move its mutations after the re-read"
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// crGet builds `if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj)`
// for a controller-runtime write, with the import it needs.
func (c *checker) crGet(w *kube.Write, lit *ast.FuncLit, at token.Pos) ([]string, []analysis.TextEdit, bool) {
	args := w.Call.Args
	if len(args) < 2 || w.Client == nil {
		return nil, nil, false
	}
	if w.Kind == kube.WriteOptimisticPatch && (len(args) < 3 || !c.builtInside(args[2], lit.Body)) {
		return nil, nil, false // a patch built outside keeps its stale base
	}
	cl := baseClient(w.Client)
	if cl == nil || !c.hasReaderGet(c.pass.TypesInfo.TypeOf(cl)) {
		return nil, nil, false
	}
	ctx, objArg := args[0], args[1]
	for _, e := range []ast.Expr{cl, ctx, objArg} {
		if !simpleExpr(c.pass.TypesInfo, e) || !resolvesSame(c.pass.Pkg, c.pass.TypesInfo, e, at) || usesName(e, "err") {
			return nil, nil, false
		}
	}
	pkgName, edits, ok := c.importName(at, crClientPath, "client")
	if !ok {
		return nil, nil, false
	}
	o := c.source(objArg)
	lines := []string{
		fmt.Sprintf("if err := %s.Get(%s, %s.ObjectKeyFromObject(%s), %s); err != nil {", c.source(cl), c.source(ctx), pkgName, o, o),
		"\treturn err",
		"}",
	}
	return lines, edits, true
}

// typedGet builds the re-read of a typed or dynamic client write: the Get
// of the same resource interface, assigned back to the object.
func (c *checker) typedGet(w *kube.Write, lit *ast.FuncLit, at token.Pos) ([]string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	args := w.Call.Args
	if len(args) < 2 || w.Client == nil {
		return nil, nil, false
	}
	ptr, ok := info.TypeOf(args[1]).(*types.Pointer)
	if !ok || !c.hasTypedGet(info.TypeOf(w.Client), ptr) {
		return nil, nil, false
	}
	for _, e := range []ast.Expr{w.Client, args[0], args[1]} {
		if !simpleExpr(info, e) || !resolvesSame(c.pass.Pkg, info, e, at) {
			return nil, nil, false
		}
	}
	fresh, ok1 := c.freeName(lit, "latest", "fresh")
	errName, ok2 := c.freeName(lit, "err", "getErr")
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	meta, edits, ok := c.importName(at, metaV1Path, "metav1")
	if !ok {
		return nil, nil, false
	}
	name := w.Object.Root.Name()
	assign := fmt.Sprintf("%s = %s", name, fresh)
	if u, isAddr := ast.Unparen(args[1]).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		assign = fmt.Sprintf("%s = *%s", name, fresh)
	}
	lines := []string{
		fmt.Sprintf("%s, %s := %s.Get(%s, %s.GetName(), %s.GetOptions{})", fresh, errName, c.source(w.Client), c.source(args[0]), name, meta),
		fmt.Sprintf("if %s != nil {", errName),
		fmt.Sprintf("\treturn %s", errName),
		"}",
		assign,
	}
	return lines, edits, true
}

// freeName returns the first candidate that a declaration at the top of the
// closure can take: nothing at the closure's top level declares it, and
// nothing in the closure uses an outer variable of that name (which the new
// declaration would shadow).
func (c *checker) freeName(lit *ast.FuncLit, candidates ...string) (string, bool) {
	scope := c.pass.TypesInfo.Scopes[lit.Type]
next:
	for _, name := range candidates {
		if o := scope.Lookup(name); o != nil {
			continue
		}
		found := false
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				if o := c.pass.TypesInfo.Uses[id]; o != nil && !within(o.Pos(), lit) {
					found = true
				}
			}
			return !found
		})
		if found {
			continue next
		}
		return name, true
	}
	return "", false
}

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
func (c *checker) hasReaderGet(t types.Type) bool {
	pkg := syntax.FindPackage(c.pass.Pkg, crClientPath)
	if pkg == nil || t == nil {
		return false
	}
	reader, ok := pkg.Scope().Lookup("Reader").(*types.TypeName)
	if !ok {
		return false
	}
	want, _, _ := types.LookupFieldOrMethod(reader.Type(), false, nil, "Get")
	got, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, "Get")
	wf, ok1 := want.(*types.Func)
	gf, ok2 := got.(*types.Func)
	return ok1 && ok2 && types.Identical(wf.Signature(), gf.Signature())
}

// hasTypedGet reports whether t has the typed client Get matching a write
// of *T: Get(context.Context, string, metav1.GetOptions[, ...string]) (*T, error).
func (c *checker) hasTypedGet(t types.Type, obj *types.Pointer) bool {
	if t == nil {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, "Get")
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
	return isNamed(p.At(0).Type(), "context", "Context") &&
		types.Identical(p.At(1).Type(), types.Typ[types.String]) &&
		isNamed(p.At(2).Type(), metaV1Path, "GetOptions")
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// builtInside reports whether the patch argument is built inside body: a
// call written there, or a variable declared there.
func (c *checker) builtInside(patch ast.Expr, body *ast.BlockStmt) bool {
	switch p := ast.Unparen(patch).(type) {
	case *ast.CallExpr:
		return true
	case *ast.Ident:
		o := c.pass.TypesInfo.Uses[p]
		return o != nil && within(o.Pos(), body)
	}
	return false
}

// simpleExpr reports whether e is safe to evaluate once more: names,
// selections, &x, and calls of methods without side effects that client
// chains use (cs.CoreV1().ConfigMaps(ns)), context.Background and TODO.
func simpleExpr(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return simpleExpr(info, e.X)
	case *ast.UnaryExpr:
		return e.Op == token.AND && simpleExpr(info, e.X)
	case *ast.StarExpr:
		return simpleExpr(info, e.X)
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		if isPkgFunc(info, e, "context", "Background") || isPkgFunc(info, e, "context", "TODO") {
			return true
		}
		fn, ok := typeutilCallee(info, e)
		sel, isSel := e.Fun.(*ast.SelectorExpr)
		if !ok || !isSel || fn.Signature().Recv() == nil || !isClientPackage(fn.Pkg()) {
			return false
		}
		for _, a := range e.Args {
			if !simpleExpr(info, a) {
				return false
			}
		}
		return simpleExpr(info, sel.X)
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
	p := pkg.Path()
	return strings.HasPrefix(p, "k8s.io/client-go/") || strings.HasPrefix(p, "sigs.k8s.io/controller-runtime/") ||
		strings.Contains(p, "/clientset/")
}

// usesName reports whether n contains an identifier spelled name.
func usesName(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// importName returns the name under which the file containing pos can refer
// to the package path at pos, adding an import when there is none.
func (c *checker) importName(pos token.Pos, path, name string) (string, []analysis.TextEdit, bool) {
	f := c.fileOf(pos)
	if f == nil {
		return "", nil, false
	}
	scope := c.pass.Pkg.Scope().Innermost(pos)
	for _, spec := range f.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p != path {
			continue
		}
		pn := c.pass.TypesInfo.PkgNameOf(spec)
		if pn == nil || pn.Name() == "_" || pn.Name() == "." {
			continue
		}
		if _, o := scope.LookupParent(pn.Name(), pos); o == pn {
			return pn.Name(), nil, true
		}
	}
	if _, o := scope.LookupParent(name, pos); o != nil {
		return "", nil, false // the name is taken where the fix needs it
	}
	if syntax.FindPackage(c.pass.Pkg, path) == nil {
		return "", nil, false
	}
	return name, []analysis.TextEdit{c.addImport(f, path)}, true
}

// addImport adds path to f's imports.
func (c *checker) addImport(f *ast.File, path string) analysis.TextEdit {
	quoted := strconv.Quote(path)
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Rparen.IsValid() {
			// After the last import that sorts before it among the
			// third-party ones, so that it joins their group.
			var after *ast.ImportSpec
			for _, spec := range gd.Specs {
				is := spec.(*ast.ImportSpec)
				p, _ := strconv.Unquote(is.Path.Value)
				first, _, _ := strings.Cut(p, "/")
				if strings.Contains(first, ".") && p < path && (after == nil || p > importPath(after)) {
					after = is
				}
			}
			if after != nil {
				return analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte("\n\t" + quoted)}
			}
			return analysis.TextEdit{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\t" + quoted + "\n")}
		}
		return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + quoted)}
	}
	return analysis.TextEdit{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + quoted)}
}

func importPath(spec *ast.ImportSpec) string {
	p, _ := strconv.Unquote(spec.Path.Value)
	return p
}

func (c *checker) fileOf(pos token.Pos) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// content returns the source of the file holding pos and the offset of pos.
func (c *checker) content(pos token.Pos) ([]byte, int, bool) {
	tf := c.pass.Fset.File(pos)
	if tf == nil {
		return nil, 0, false
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return nil, 0, false
	}
	return src, tf.Offset(pos), true
}

// source returns n as written.
func (c *checker) source(n ast.Node) string {
	src, start, ok := c.content(n.Pos())
	if !ok {
		return types.ExprString(n.(ast.Expr))
	}
	_, end, _ := c.content(n.End())
	return string(src[start:end])
}

// statementLines returns the lines of a statement that sits alone on its
// lines, without their indentation, and the edit that deletes them.
func (c *checker) statementLines(s ast.Stmt) ([]string, analysis.TextEdit, bool) {
	src, start, ok := c.content(s.Pos())
	if !ok {
		return nil, analysis.TextEdit{}, false
	}
	_, end, _ := c.content(s.End())
	lineStart := bytes.LastIndexByte(src[:start], '\n') + 1
	indent := src[lineStart:start]
	nl := bytes.IndexByte(src[end:], '\n')
	if len(bytes.TrimSpace(indent)) != 0 || nl < 0 || len(bytes.TrimSpace(src[end:end+nl])) != 0 {
		return nil, analysis.TextEdit{}, false
	}
	lines := strings.Split(string(src[start:end]), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], string(indent))
	}
	del := analysis.TextEdit{
		Pos: s.Pos() - token.Pos(start-lineStart),
		End: s.End() + token.Pos(nl+1),
	}
	return lines, del, true
}

// insertLines inserts lines at the top of the closure body, indented like
// its first statement.
func (c *checker) insertLines(lit *ast.FuncLit, at token.Pos, lines []string) analysis.TextEdit {
	indent := "\t"
	first := lit.Body.List[0]
	if src, off, ok := c.content(first.Pos()); ok {
		ls := bytes.LastIndexByte(src[:off], '\n') + 1
		if prefix := src[ls:off]; len(bytes.TrimSpace(prefix)) == 0 && c.pass.Fset.Position(first.Pos()).Line != c.pass.Fset.Position(lit.Body.Lbrace).Line {
			indent = string(prefix)
		} else if _, loff, ok := c.content(lit.Pos()); ok {
			lls := bytes.LastIndexByte(src[:loff], '\n') + 1
			indent = leadingSpace(string(src[lls:loff])) + "\t"
		}
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("\n")
		b.WriteString(indent)
		b.WriteString(l)
	}
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(b.String())}
}

func leadingSpace(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}
