package retryreget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// hiding is a construction that returns a write's error in a form
// apierrors.IsConflict cannot see.
type hiding struct {
	call *ast.CallExpr // fmt.Errorf or errors.New
	how  string        // for the message: "formatted with %v", ...
	fix  *analysis.SuggestedFix
}

// checkHidden reports the returns of w's scope that hide w's Conflict. Only
// closures returning a bare error are checked: that error is what
// RetryOnConflict and OnError test.
func (c *checker) checkHidden(w *model.Write) {
	body := syntax.FuncBody(w.Scope.Body)
	if body == nil || !returnsOnlyError(c.pass.TypesInfo, syntax.FuncType(w.Scope.Body)) || syntax.EnclosingFuncNode(w.Cursor) != w.Scope.Body {
		return
	}
	for _, cur := range c.errorCarriers(w, w.Scope.Cursor, w.Scope.Body) {
		h, ok := c.hiddenAt(cur)
		if !ok {
			continue
		}
		msg := fmt.Sprintf("conflict from %s of %s is %s, so %s never retries it: %s",
			diag.CallName(w.Call), w.Object.Name(), h.how, retryName(w.Scope), remedy(h))
		related := []diag.Related{
			{Node: w.Call, Message: "the conflict-prone write: " + diag.CallName(w.Call)},
			{Node: w.Scope.Call, Message: "the retry: " + retryName(w.Scope)},
		}
		var fixes []analysis.SuggestedFix
		if h.fix != nil {
			fixes = append(fixes, *h.fix)
		}
		diag.Report(c.pass, h.call, msg, related, fixes...)
	}
}

// remedy says what to do about h: what its fix does, when it has one.
func remedy(h hiding) string {
	switch {
	case h.fix != nil && strings.HasPrefix(h.how, "formatted as text"):
		return "wrap the error itself with %w"
	case strings.HasPrefix(h.how, "formatted"):
		return "wrap it with %w"
	case h.fix != nil:
		return "return the error itself"
	}
	return "return it, or wrap it with fmt.Errorf and %w"
}

// errorCarriers returns the cursors of the expressions of the function fn
// (at fnCur) that hold w's error: the write call itself, or the uses its
// error variable reaches.
func (c *checker) errorCarriers(w *model.Write, fnCur inspector.Cursor, fn ast.Node) []inspector.Cursor {
	body := syntax.FuncBody(fn)
	if body == nil {
		return nil
	}
	parent := w.Cursor.Parent()
	var def ast.Node
	var lhs ast.Expr
	switch p := parent.Node().(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && (p.Tok == token.DEFINE || p.Tok == token.ASSIGN) {
			def, lhs = p, p.Lhs[len(p.Lhs)-1]
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && len(p.Names) > 0 {
			def, lhs = p, p.Names[len(p.Names)-1]
		}
	default:
		return []inspector.Cursor{w.Cursor}
	}
	id, ok := lhs.(*ast.Ident)
	if def == nil || !ok {
		return nil
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok {
		return nil
	}
	uses := c.tracer.ReachingUses(body, def, v)
	var out []inspector.Cursor
	for cur := range fnCur.Preorder((*ast.Ident)(nil)) {
		if uses[cur.Node().(*ast.Ident)] && syntax.EnclosingFuncNode(cur) == fn {
			out = append(out, cur)
		}
	}
	return out
}

// hiddenAt follows the error expression at cur up to a return and reports
// whether it is returned in a form that hides its type.
func (c *checker) hiddenAt(cur inspector.Cursor) (hiding, bool) {
	info := c.pass.TypesInfo
	errExpr := cur.Node().(ast.Expr)
	stringified := false
	for {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.ParenExpr:
			cur = parent
			continue
		case *ast.SelectorExpr:
			// err.Error()
			call, ok := parent.Parent().Node().(*ast.CallExpr)
			if p.Sel.Name != "Error" || !ok || call.Fun != p || len(call.Args) != 0 {
				return hiding{}, false
			}
			cur, stringified = parent.Parent(), true
			continue
		case *ast.CallExpr:
			idx := argIndex(p, cur.Node())
			if idx < 0 || !isReturned(parent) {
				if idx >= 0 && upstream.IsCallTo(info, p, upstream.FuncKey{Pkg: "fmt", Name: "Sprintf"}) {
					cur, stringified = parent, true
					continue
				}
				return hiding{}, false
			}
			switch {
			case upstream.IsCallTo(info, p, upstream.FuncKey{Pkg: "fmt", Name: "Errorf"}) && idx > 0:
				return c.errorfHiding(p, idx, errExpr, stringified)
			case upstream.IsCallTo(info, p, upstream.FuncKey{Pkg: "errors", Name: "New"}) && stringified:
				return hiding{call: p, how: "turned into a new error by errors.New", fix: c.errorsNewFix(p, errExpr)}, true
			case stringified && !c.buildsStatusError(p):
				// Whatever the callee builds from the text, the API
				// status is gone: newUpdateError(name, err.Error()).
				return hiding{call: p, how: "turned into text with .Error() and rebuilt by " + types.ExprString(p.Fun)}, true
			}
			return hiding{}, false
		}
		return hiding{}, false
	}
}

// buildsStatusError reports whether call builds an API status error
// (apierrors.NewConflict and the like), which IsConflict can recognise.
func (c *checker) buildsStatusError(call *ast.CallExpr) bool {
	fn := upstream.Callee(c.pass.TypesInfo, call)
	return fn != nil && fn.Pkg() != nil && syntax.PkgPath(fn.Pkg()) == upstream.ErrorsPath
}

// isReturned reports whether the expression at cur is a result of a return
// statement.
func isReturned(cur inspector.Cursor) bool {
	for p := cur.Parent(); p.Valid(); p = p.Parent() {
		switch p.Node().(type) {
		case *ast.ParenExpr:
			continue
		case *ast.ReturnStmt:
			return true
		}
		return false
	}
	return false
}

func argIndex(call *ast.CallExpr, arg ast.Node) int {
	for i, a := range call.Args {
		if a == arg {
			return i
		}
	}
	return -1
}

// errorfHiding checks the verb fmt.Errorf uses for argument idx.
func (c *checker) errorfHiding(call *ast.CallExpr, idx int, errExpr ast.Expr, stringified bool) (hiding, bool) {
	lit, ok := ast.Unparen(call.Args[0]).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return hiding{}, false // a computed format: cannot tell
	}
	verbs, ok := parseVerbs(lit.Value)
	if !ok || idx-1 >= len(verbs) || call.Ellipsis.IsValid() {
		return hiding{}, false
	}
	v := verbs[idx-1]
	if v.verb == 'w' {
		return hiding{}, false
	}
	h := hiding{call: call, how: "formatted with %" + string(v.verb)}
	if stringified {
		h.how = "formatted as text with .Error()"
	}
	arg := ast.Unparen(call.Args[idx])
	exact := arg == errExpr || (stringified && isErrorCall(arg, errExpr))
	if exact && v.plain && (v.verb == 'v' || v.verb == 's') {
		start := lit.Pos() + token.Pos(v.offset)
		edits := []analysis.TextEdit{{Pos: start, End: start + 2, NewText: []byte("%w")}}
		if stringified {
			edits = append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(fixes.Source(c.pass, errExpr))})
		}
		h.fix = &analysis.SuggestedFix{Message: "Wrap the error with %w", TextEdits: edits}
	}
	return h, true
}

// errorsNewFix replaces errors.New(err.Error()) with err, when the errors
// package stays in use in the file (so no import is left unused).
func (c *checker) errorsNewFix(call *ast.CallExpr, errExpr ast.Expr) *analysis.SuggestedFix {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !isErrorCall(call.Args[0], errExpr) {
		return nil
	}
	pkgName := c.pass.TypesInfo.Uses[syntax.Ident(sel.X)]
	if pkgName == nil || c.usesInFile(call.Pos(), pkgName) < 2 {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Return the error itself",
		TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(fixes.Source(c.pass, errExpr))}},
	}
}

// isErrorCall reports whether e is exactly errExpr.Error().
func isErrorCall(e, errExpr ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.X == errExpr
}

// usesInFile counts the uses of obj in the file containing pos.
func (c *checker) usesInFile(pos token.Pos, obj types.Object) int {
	f := fixes.FileOf(c.pass, pos)
	if f == nil {
		return 0
	}
	n := 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o == obj && syntax.Encloses(f, id.Pos()) {
			n++
		}
	}
	return n
}

// verb is one formatting directive of a format string literal.
type verb struct {
	offset int  // byte offset of '%' within the literal's source text
	verb   rune // the verb letter
	plain  bool // no flags, width or precision
}

// parseVerbs lists the directives of a format literal, one per argument.
// It gives up (ok false) on argument indexes and '*' widths, and on escape
// sequences that could spell a '%'.
func parseVerbs(src string) ([]verb, bool) {
	text, err := strconv.Unquote(src)
	if err != nil || strings.Count(text, "%") != strings.Count(src, "%") {
		return nil, false
	}
	var out []verb
	for i := 0; i < len(src); i++ {
		if src[i] != '%' {
			continue
		}
		start := i
		i++
		for i < len(src) && strings.IndexByte("+-# 0123456789.", src[i]) >= 0 {
			i++
		}
		if i >= len(src) {
			return nil, false
		}
		switch src[i] {
		case '%':
			if i == start+1 {
				continue
			}
			return nil, false
		case '*', '[':
			return nil, false
		}
		out = append(out, verb{offset: start, verb: rune(src[i]), plain: i == start+1})
	}
	return out, true
}
