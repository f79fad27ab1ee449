package staleupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// storedName is the variable keepCopyFix declares for the written object.
const storedName = "stored"

// keepCopyFix is keepResultFix for the shapes where the result cannot go
// into the object's own variable: the write tests its error in an if
// statement's init (`if _, err := c.Update(ctx, obj, opts); err != nil
// {...}`), or obj is a parameter, whose caller holds the same pointer. It
// keeps the result in a new variable and copies it over the object where
// the write is known to have succeeded:
//
//	stored, err := c.Update(ctx, obj, opts)
//	if err != nil {
//		return err
//	}
//	*obj = *stored
//
// Since the object is left alone where the write failed, a use of it there
// is fine; the copy goes where it points, so the caller sees the stored
// object as well. It is offered only when the error branch ends the path
// (return, break, continue, goto), no part of the object (a map, a slice, a
// pointer inside it) is held across the write, the name stored is unused
// in the function, and err does not already live in the block (where := would
// reuse or clash with it).
func (fx *fixer) keepCopyFix(w *model.Write) *analysis.SuggestedFix {
	v := w.Object.Root
	if w.Object.Copied || v == nil || w.Object.Path != v.Name() || len(w.Call.Args) < 2 {
		return nil
	}
	copyStmt, ok := fx.copyBack(w, v)
	if !ok {
		return nil
	}
	stmtCur, list, i, ok := fixes.EnclosingStmt(w.Cursor)
	if !ok {
		return nil
	}
	fnCur := funcCursor(w)
	if fx.nameUsed(fnCur, storedName) || !fx.partsNotHeld(fnCur, v) || fx.mayHoldCachedObject(fnCur, v) {
		return nil
	}
	var edits []analysis.TextEdit
	var check *ast.IfStmt
	switch s := stmtCur.Node().(type) {
	case *ast.IfStmt:
		edits, check = fx.splitIfInit(w, s)
	case *ast.AssignStmt:
		if i+1 < len(list) {
			edits, check = fx.declareResult(w, s, list[i+1])
		}
	}
	if check == nil || !endsPath(check.Body) || check.Else != nil {
		return nil
	}
	indent := lineIndent(fx.pass, check.Pos())
	edits = append(edits, analysis.TextEdit{Pos: check.End(), End: check.End(), NewText: []byte("\n" + indent + copyStmt)})
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Copy the object returned by %s into %s", types.ExprString(w.Call), v.Name()),
		TextEdits: edits,
	}
}

// copyBack writes the statement that copies the stored object over v: `*v
// = *stored` for a pointer passed as v, `v = *stored` for a value passed
// as &v. The call's first result must have the pointer's type.
func (fx *fixer) copyBack(w *model.Write, v *types.Var) (string, bool) {
	sig, ok := fx.pass.TypesInfo.TypeOf(w.Call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() != 2 {
		return "", false
	}
	res := sig.Results().At(0).Type()
	if _, isPtr := res.Underlying().(*types.Pointer); !isPtr {
		return "", false
	}
	arg := ast.Unparen(w.Call.Args[1])
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if types.Identical(types.NewPointer(v.Type()), res) {
			return fmt.Sprintf("%s = *%s", v.Name(), storedName), true
		}
		return "", false
	}
	if types.Identical(v.Type(), res) {
		return fmt.Sprintf("*%s = *%s", v.Name(), storedName), true
	}
	return "", false
}

// splitIfInit turns `if _, err := CALL; err != nil {` into `stored, err :=
// CALL` and `if err != nil {` on the next line.
func (fx *fixer) splitIfInit(w *model.Write, s *ast.IfStmt) ([]analysis.TextEdit, *ast.IfStmt) {
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || !fx.blankThenErr(w, as) || fx.errLivesAround(s, as.Lhs[1]) {
		return nil, nil
	}
	indent, alone := fixes.LineIndent(fx.pass, s.Pos())
	if !alone || !fx.errTested(s.Cond, as.Lhs[1]) {
		return nil, nil
	}
	return []analysis.TextEdit{
		{Pos: s.If, End: as.Pos(), NewText: nil},
		{Pos: as.Lhs[0].Pos(), End: as.Lhs[0].End(), NewText: []byte(storedName)},
		{Pos: as.End(), End: s.Cond.Pos(), NewText: []byte("\n" + indent + "if ")},
	}, s
}

// declareResult turns `_, err = CALL` (err declared in this very block)
// or `_, err := CALL` into `stored, err := CALL`, when the next statement
// tests err.
func (fx *fixer) declareResult(w *model.Write, as *ast.AssignStmt, next ast.Stmt) ([]analysis.TextEdit, *ast.IfStmt) {
	check, ok := next.(*ast.IfStmt)
	if !ok || check.Init != nil || !fx.blankThenErr(w, as) || !fx.errTested(check.Cond, as.Lhs[1]) {
		return nil, nil
	}
	if as.Tok == token.ASSIGN {
		errObj := fx.pass.TypesInfo.Uses[as.Lhs[1].(*ast.Ident)]
		if errObj == nil || errObj.Parent() != fx.pass.Pkg.Scope().Innermost(as.Pos()) {
			return nil, nil // := would declare a new err in this block
		}
		return []analysis.TextEdit{{Pos: as.Lhs[0].Pos(), End: as.TokPos + 1, NewText: []byte(storedName + ", " + types.ExprString(as.Lhs[1]) + " :=")}}, check
	}
	return []analysis.TextEdit{{Pos: as.Lhs[0].Pos(), End: as.Lhs[0].End(), NewText: []byte(storedName)}}, check
}

// blankThenErr reports whether as is `_, err = CALL` for the write.
func (fx *fixer) blankThenErr(w *model.Write, as *ast.AssignStmt) bool {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(w.Call) {
		return false
	}
	blank, ok := as.Lhs[0].(*ast.Ident)
	_, named := as.Lhs[1].(*ast.Ident)
	return ok && blank.Name == "_" && named
}

// errTested reports whether cond is `err != nil` for the error variable.
func (fx *fixer) errTested(cond ast.Expr, errExpr ast.Expr) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(be.X).(*ast.Ident)
	errID := errExpr.(*ast.Ident)
	return ok && fx.pass.TypesInfo.ObjectOf(id) == fx.pass.TypesInfo.ObjectOf(errID) && truth.IsNil(be.Y)
}

// errLivesAround reports whether the block around the if statement s
// declares a variable with err's name: once the init moves out of the if,
// := would reuse it (changing it for the code after) or clash with a later
// declaration.
func (fx *fixer) errLivesAround(s *ast.IfStmt, errExpr ast.Expr) bool {
	scope := fx.pass.Pkg.Scope().Innermost(s.Pos())
	if scope == nil {
		return true
	}
	if ifScope, ok := fx.pass.TypesInfo.Scopes[s]; ok && ifScope == scope {
		scope = scope.Parent()
	}
	return scope.Lookup(errExpr.(*ast.Ident).Name) != nil
}

// nameUsed reports whether any identifier of the function is named name.
func (fx *fixer) nameUsed(fnCur inspector.Cursor, name string) bool {
	for cur := range fnCur.Preorder((*ast.Ident)(nil)) {
		if cur.Node().(*ast.Ident).Name == name {
			return true
		}
	}
	return name == "_"
}

// partsNotHeld reports whether no use of v keeps a reference into it: a
// use in a function literal, or an escaping use (see classifyUse) that is
// more than an argument of an ordinary call (an assignment's right side, a
// return, a composite literal, a go or defer statement). After the copy,
// such a reference would point into the old object.
func (fx *fixer) partsNotHeld(fnCur inspector.Cursor, v *types.Var) bool {
	for _, u := range fx.uses.of(fnCur, v) {
		if u.nested {
			return false
		}
		if u.kind == useEscape && !fx.transientAt(fnCur, u.pos) {
			return false
		}
	}
	return true
}

// transientAt reports whether the use of the object at pos (an identifier,
// climbed to its largest selector or index) is an argument of a call made
// in a statement that does not go or defer it.
func (fx *fixer) transientAt(fnCur inspector.Cursor, pos token.Pos) bool {
	cur, ok := fnCur.FindByPos(pos, pos+1)
	if !ok {
		return false
	}
	for {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr, *ast.ParenExpr:
			cur = parent
			continue
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				cur = parent
				continue
			}
			return false
		case *ast.CallExpr:
			if p.Fun == cur.Node() {
				return false
			}
			switch parent.Parent().Node().(type) {
			case *ast.GoStmt, *ast.DeferStmt:
				return false
			}
			return true
		}
		return false
	}
}

// mayHoldCachedObject reports whether v may point into an informer cache
// (an event handler's argument, or a variable assigned from a lister or an
// indexer): copying over it would change the cache.
func (fx *fixer) mayHoldCachedObject(fnCur inspector.Cursor, v *types.Var) bool {
	cache := fx.res.Cache(fx.pass)
	if cache == nil {
		return false
	}
	if _, ok := cache.HandlerParams[v]; ok {
		return true
	}
	for cur := range fnCur.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if !slices.ContainsFunc(as.Lhs, func(lhs ast.Expr) bool { return fx.pass.TypesInfo.ObjectOf(syntax.Ident(lhs)) == v }) {
			continue
		}
		for _, rhs := range as.Rhs {
			if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && cache.ReadAt(call) != upstream.NotCacheRead {
				return true
			}
		}
	}
	return false
}

// endsPath reports whether the block ends in a statement after which its
// path does not go on to what follows the if.
func endsPath(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK || s.Tok == token.CONTINUE || s.Tok == token.GOTO
	}
	return false
}
