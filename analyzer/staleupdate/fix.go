package staleupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// fixer builds staleupdate's suggested fixes (keep the result of a write,
// copy it back, re-read before a retry), and remembers the first writes
// already given one, so that a write feeding several later ones is
// edited once.
type fixer struct {
	pass  *analysis.Pass
	res   *model.Result
	uses  *useIndex
	fixed map[*model.Write]bool
}

// keepResultFix turns `_, err = c.Update(ctx, obj, opts)` into
// `obj, err = c.Update(ctx, obj, opts)`, so that the later write sends the
// object the server stored. It is offered only when that provably changes
// nothing else: obj is a local pointer variable of the result's type, the
// assignment does not declare a new obj, obj is not used where the write may
// have failed (the result is then an empty object), and no alias of obj or
// of its parts is taken anywhere in the function.
func (fx *fixer) keepResultFix(fg *fnGraph, w *model.Write) *analysis.SuggestedFix {
	if w.Object.Copied || len(w.Call.Args) < 2 {
		return nil // a copy: nothing to Get into; or a write of one argument, Update(obj)
	}
	info := fx.pass.TypesInfo
	v := w.Object.Root
	id, ok := ast.Unparen(w.Call.Args[1]).(*ast.Ident)
	if !ok || info.Uses[id] != v || !syntax.Within(varNode(v), fg.body) {
		return nil
	}
	sig, ok := info.TypeOf(w.Call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() != 2 || !types.Identical(sig.Results().At(0).Type(), v.Type()) {
		return nil
	}
	as, ok := parentStmt(w.Cursor).(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(w.Call) {
		return nil
	}
	if blank, ok := as.Lhs[0].(*ast.Ident); !ok || blank.Name != "_" {
		return nil
	}
	if as.Tok == token.DEFINE && fx.pass.Pkg.Scope().Innermost(as.Pos()) != v.Parent() {
		return nil // := would declare a second variable that shadows obj
	}
	for _, u := range fx.uses.of(funcCursor(w), v) {
		if u.nested || u.kind == useEscape {
			return nil
		}
	}
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Keep the object returned by %s in %s", types.ExprString(w.Call), v.Name()),
		TextEdits: []analysis.TextEdit{{Pos: as.Lhs[0].Pos(), End: as.Lhs[0].End(), NewText: []byte(v.Name())}},
	}
}

// reReadFix inserts a Get of the object at the start of the failure path of
// a hand-rolled controller-runtime retry loop. It is offered only when the
// change the loop makes is all made inside the loop before the write (so
// that it is made again on the fresh object) and nothing mutates the object
// before the loop (a re-read would discard that), when there is exactly one
// failure path and it starts at an if or case body (or right after an if)
// inside the loop, and when the function returns an error whose
// companions have zero values that can be written.
func (fx *fixer) reReadFix(fg *fnGraph, w *model.Write, wr *walkResult) *analysis.SuggestedFix {
	if w.Object.Copied {
		return nil // a copy: nothing to Get into
	}
	// A patch's base would stay stale; CreateOrUpdate re-reads itself. A
	// typed or dynamic re-read would have to return when the Get fails,
	// where the loop goes on (and may test the write's error, as for
	// NotFound), or take the read only when it succeeds, which the next
	// turn does not count as a re-read on every path: no fix for those.
	if w.Kind != upstream.WriteUpdate && w.Kind != upstream.WriteSubResourceUpdate {
		return nil
	}
	entry := onlyBlock(wr.failEntries)
	if entry == nil || fg.preds[entry] != 1 {
		return nil
	}
	pos, in, ok := fx.insertionPoint(entry)
	loop := syntax.InnermostLoop(w.Cursor)
	if !ok || loop == nil || !syntax.Within(&ast.Ident{NamePos: pos}, loop) || pos < w.Call.End() {
		return nil
	}
	if _, ok := w.Object.Expr.(*ast.Ident); !ok || !syntax.Within(varNode(w.Object.Root), fg.body) {
		return nil // a parameter: the caller's changes, made before the loop, would be wiped
	}
	mutatedInLoop := false
	for _, u := range fx.uses.of(funcCursor(w), w.Object.Root) {
		mutates := u.kind == useMutate || u.kind == useEscape
		if mutates && u.pos < loop.Pos() {
			return nil
		}
		if mutates && !u.nested && loopBody(loop).Lbrace < u.pos && u.pos < w.Call.Pos() {
			mutatedInLoop = true
		}
	}
	if !mutatedInLoop {
		return nil
	}
	text, ok := fx.controllerRuntimeReRead(fg, w, pos, in)
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Re-read %s before retrying", w.Object.Name()),
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(text)}},
	}
}

// controllerRuntimeReRead writes `if err := c.Get(ctx, key, obj); err != nil
// { return ..., err }`, indented by in, for insertion at pos.
func (fx *fixer) controllerRuntimeReRead(fg *fnGraph, w *model.Write, pos token.Pos, in string) (string, bool) {
	get, ok := fx.getCall(w, pos)
	if !ok {
		return "", false
	}
	ret, ok := fx.zeroReturn(fg.fn, pos, "err")
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%sif err := %s; err != nil {\n%s\t%s\n%s}\n", in, get, in, ret, in), true
}

// insertionPoint returns where a statement goes at the start of block b
// (the line after an opening brace or case colon, or after an if
// statement) and the indentation it needs.
func (fx *fixer) insertionPoint(b *cfg.Block) (pos token.Pos, indent string, ok bool) {
	switch b.Kind {
	case cfg.KindIfThen:
		ifs := b.Stmt.(*ast.IfStmt)
		pos, ok = fx.nextLine(ifs.Body.Lbrace, firstPos(ifs.Body))
		return pos, lineIndent(fx.pass, ifs.Pos()) + "\t", ok
	case cfg.KindIfElse:
		ifs := b.Stmt.(*ast.IfStmt)
		if blk, isBlock := ifs.Else.(*ast.BlockStmt); isBlock {
			pos, ok = fx.nextLine(blk.Lbrace, firstPos(blk))
			return pos, lineIndent(fx.pass, blk.Lbrace) + "\t", ok
		}
	case cfg.KindIfDone:
		ifs := b.Stmt.(*ast.IfStmt)
		pos, ok = fx.nextLine(ifs.End(), fx.followingPos(ifs))
		return pos, lineIndent(fx.pass, ifs.Pos()), ok
	case cfg.KindSwitchCaseBody:
		if cc, isCase := b.Stmt.(*ast.CaseClause); isCase && len(cc.Body) > 0 {
			pos, ok = fx.nextLine(cc.Colon, cc.Body[0].Pos())
			return pos, lineIndent(fx.pass, cc.Pos()) + "\t", ok
		}
	}
	return token.NoPos, "", false
}

// nextLine returns the start of the line after the one holding pos, when
// next (the code that follows) starts on a later line.
func (fx *fixer) nextLine(pos, next token.Pos) (token.Pos, bool) {
	tf := fx.pass.Fset.File(pos)
	if tf == nil {
		return token.NoPos, false
	}
	line := tf.Line(pos)
	if !next.IsValid() || tf.Line(next) <= line || line+1 > tf.LineCount() {
		return token.NoPos, false
	}
	return tf.LineStart(line + 1), true
}

// firstPos is where the first statement of blk starts, or its closing brace.
func firstPos(blk *ast.BlockStmt) token.Pos {
	if len(blk.List) > 0 {
		return blk.List[0].Pos()
	}
	return blk.Rbrace
}

// followingPos is where the code after statement s in its block starts.
func (fx *fixer) followingPos(s ast.Stmt) token.Pos {
	var next token.Pos
	for _, f := range fx.pass.Files {
		if s.Pos() < f.FileStart || s.Pos() >= f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var list []ast.Stmt
			var end token.Pos
			switch n := n.(type) {
			case *ast.BlockStmt:
				list, end = n.List, n.Rbrace
			case *ast.CaseClause:
				list, end = n.Body, token.NoPos
			default:
				return next == token.NoPos
			}
			for i, st := range list {
				if st == s {
					next = end
					if i+1 < len(list) {
						next = list[i+1].Pos()
					}
				}
			}
			return next == token.NoPos
		})
	}
	return next
}

// getCall writes `client.Get(ctx, key, obj)` for w, valid at pos: the
// client that made the write (the parent client of Status() or
// SubResource()), the same context and object, and the key taken from the
// object. Every name must mean at pos what it means at the write.
func (fx *fixer) getCall(w *model.Write, pos token.Pos) (string, bool) {
	info := fx.pass.TypesInfo
	reader := w.Client
	if w.Kind == upstream.WriteSubResourceUpdate {
		call, ok := ast.Unparen(reader).(*ast.CallExpr)
		if !ok {
			return "", false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return "", false
		}
		reader = sel.X
	}
	pkgName, clientPkg := fx.importedAs(pos, upstream.ClientPath)
	if clientPkg == nil {
		return "", false
	}
	readerType, ok := clientPkg.Scope().Lookup("Reader").(*types.TypeName)
	if !ok {
		return "", false
	}
	iface, ok := readerType.Type().Underlying().(*types.Interface)
	if rt := info.TypeOf(reader); !ok || rt == nil || !types.Implements(rt, iface) {
		return "", false
	}
	ctx, obj := w.Call.Args[0], w.Call.Args[1]
	for _, e := range []ast.Expr{reader, ctx, obj} {
		if !fx.stableAt(e, pos) {
			return "", false
		}
	}
	o := types.ExprString(obj)
	return fmt.Sprintf("%s.Get(%s, %s.ObjectKeyFromObject(%s), %s)", types.ExprString(reader), types.ExprString(ctx), pkgName, o, o), true
}

// stableAt reports whether e is a chain of names and field selections (so
// that evaluating it again has no effect) whose root means the same at pos.
func (fx *fixer) stableAt(e ast.Expr, pos token.Pos) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := fx.pass.TypesInfo.Uses[e]
		return obj != nil && fx.lookupAt(e.Name, pos) == obj
	case *ast.SelectorExpr:
		if sel := fx.pass.TypesInfo.Selections[e]; sel == nil || sel.Kind() != types.FieldVal {
			return false
		}
		return fx.stableAt(e.X, pos)
	case *ast.UnaryExpr:
		return e.Op == token.AND && fx.stableAt(e.X, pos)
	}
	return false
}

func (fx *fixer) lookupAt(name string, pos token.Pos) types.Object {
	scope := fx.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return nil
	}
	_, obj := scope.LookupParent(name, pos)
	return obj
}

// importedAs returns the name under which the file around pos imports
// path, when that name means the package at pos.
func (fx *fixer) importedAs(pos token.Pos, path string) (string, *types.Package) {
	for _, f := range fx.pass.Files {
		if pos < f.FileStart || pos >= f.FileEnd {
			continue
		}
		for _, spec := range f.Imports {
			if p, err := strconv.Unquote(spec.Path.Value); err != nil || p != path {
				continue
			}
			pn := fx.pass.TypesInfo.PkgNameOf(spec)
			if pn == nil || pn.Name() == "_" || pn.Name() == "." || fx.lookupAt(pn.Name(), pos) != pn {
				return "", nil
			}
			return pn.Name(), pn.Imported()
		}
	}
	return "", nil
}

// zeroReturn writes `return <zero values>, errName` for the function fn, or
// fails when its last result is not an error or a zero value cannot be
// written with names valid at pos.
func (fx *fixer) zeroReturn(fn ast.Node, pos token.Pos, errName string) (string, bool) {
	ft := syntax.FuncType(fn)
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return "", false // no results, maybe written as ()
	}
	var vals []string
	for _, field := range ft.Results.List {
		n := max(len(field.Names), 1)
		for range n {
			z, ok := fx.zeroValue(field.Type, pos)
			if !ok {
				return "", false
			}
			vals = append(vals, z)
		}
	}
	last := ft.Results.List[len(ft.Results.List)-1].Type
	if !types.Identical(fx.pass.TypesInfo.TypeOf(last), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	vals[len(vals)-1] = errName
	return "return " + strings.Join(vals, ", "), true
}

func (fx *fixer) zeroValue(te ast.Expr, pos token.Pos) (string, bool) {
	t := fx.pass.TypesInfo.TypeOf(te)
	if t == nil {
		return "", false
	}
	if _, isParam := t.(*types.TypeParam); isParam {
		return "", false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct:
		if fx.typeNameStable(te, pos) {
			return types.ExprString(te) + "{}", true
		}
	}
	return "", false
}

// typeNameStable reports whether the type name te (T or pkg.T) means the
// same at pos.
func (fx *fixer) typeNameStable(te ast.Expr, pos token.Pos) bool {
	switch te := te.(type) {
	case *ast.Ident:
		obj := fx.pass.TypesInfo.Uses[te]
		return obj != nil && fx.lookupAt(te.Name, pos) == obj
	case *ast.SelectorExpr:
		x, ok := te.X.(*ast.Ident)
		return ok && fx.lookupAt(x.Name, pos) == fx.pass.TypesInfo.Uses[x]
	}
	return false
}

func onlyBlock(bs []*cfg.Block) *cfg.Block {
	var only *cfg.Block
	for _, b := range bs {
		if only != nil && b != only {
			return nil
		}
		only = b
	}
	return only
}

func loopBody(s ast.Stmt) *ast.BlockStmt {
	switch s := s.(type) {
	case *ast.ForStmt:
		return s.Body
	case *ast.RangeStmt:
		return s.Body
	}
	return nil
}

// parentStmt returns the node that holds the call at cur, past parentheses.
func parentStmt(cur inspector.Cursor) ast.Node {
	for {
		p := cur.Parent()
		if _, ok := p.Node().(*ast.ParenExpr); !ok {
			return p.Node()
		}
		cur = p
	}
}

// funcCursor returns the cursor of the function around the write.
func funcCursor(w *model.Write) inspector.Cursor {
	for enc := range w.Cursor.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return enc
	}
	return inspector.Cursor{}
}

// varNode is a node at v's declaration, to test where it was declared.
func varNode(v *types.Var) ast.Node { return &ast.Ident{NamePos: v.Pos(), Name: v.Name()} }

// lineIndent returns the blanks that start the line holding pos.
func lineIndent(pass *analysis.Pass, pos token.Pos) string {
	indent, _ := fixes.LineIndent(pass, pos)
	return indent
}
