package retryreget

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// checkHelpers follows the functions of the package that a retry closure
// calls: a helper that writes an object the closure passes it (or a field)
// is part of every attempt, so the object must be re-read on every
// attempt too, by the closure or by the helper before its write.
func (c *checker) checkHelpers(reported map[staleKey]bool) {
	for _, s := range c.res.Scopes() {
		for cur := range s.Cursor.Preorder((*ast.CallExpr)(nil)) {
			if syntax.EnclosingFuncNode(cur) != s.Body {
				continue // a nested literal runs at another time
			}
			call := cur.Node().(*ast.CallExpr)
			fn := upstream.Callee(c.pass.TypesInfo, call)
			if fn == nil {
				continue
			}
			decl := c.res.Decls()[fn]
			if decl == nil || c.res.WriteAt(call) != nil {
				continue
			}
			for _, w := range c.helperWrites(decl) {
				obj, ok := c.objectAtCall(w, decl, call)
				key := staleKey{s, w.Object.Root, w.Object.Path}
				if !ok || reported[key] || c.freshEachAttempt(obj, s) || c.reReads(w.Object, decl) {
					continue
				}
				reported[key] = true
				c.reportHelperWrite(w, s, call, obj)
			}
		}
	}
}

// helperWrites returns the conflict-prone writes a helper makes outside
// any retry of its own.
func (c *checker) helperWrites(decl *ast.FuncDecl) []*model.Write {
	var out []*model.Write
	for _, w := range c.res.Writes() {
		if w.FuncNode == decl && w.Scope == nil && !versionless(w) && w.Kind != upstream.WriteCreateOrUpdate && w.Object.Valid() {
			out = append(out, w)
		}
	}
	return out
}

// objectAtCall returns, as the closure sees it, the object the helper's
// write w sends: the argument for a parameter, the object itself for a
// field or captured variable. ok is false for the helper's own locals.
func (c *checker) objectAtCall(w *model.Write, decl *ast.FuncDecl, call *ast.CallExpr) (upstream.Object, bool) {
	if i := paramIndexOf(c.pass.TypesInfo, decl, w.Object.Root); i >= 0 {
		if i >= len(call.Args) || w.Object.Path != w.Object.Root.Name() {
			return upstream.Object{}, false
		}
		return upstream.ObjectOf(c.pass.TypesInfo, call.Args[i]), true
	}
	if syntax.Encloses(decl, w.Object.Root.Pos()) {
		return upstream.Object{}, false // the helper's own object: it reads or builds it
	}
	return w.Object, true
}

// freshEachAttempt reports whether the closure declares obj or re-reads it.
func (c *checker) freshEachAttempt(obj upstream.Object, s *model.RetryScope) bool {
	if !obj.Valid() {
		return true // not a variable the model tracks: stay quiet
	}
	body := syntax.FuncBody(s.Body)
	return body == nil || syntax.Encloses(body, obj.Root.Pos()) || c.reReads(obj, s.Body)
}

// reportHelperWrite reports a helper's write that a retry closure runs
// with a stale object. The finding is the closure's call of the helper:
// the closure is what lacks the re-read (the helper may be right for its
// other callers), and a suppression there is where a reader looks for it.
func (c *checker) reportHelperWrite(w *model.Write, s *model.RetryScope, call *ast.CallExpr, obj upstream.Object) {
	msg, ok := c.graded(fmt.Sprintf("%s writes %s, which is not re-read inside %s, so every attempt conflicts: Get %s at the top of the closure",
		diag.CallName(call), obj.Name(), retryName(s), obj.Name()), s, obj.Expr)
	if !ok {
		return
	}
	related := []diag.Related{
		{Node: w.Call, Message: "the helper's write: " + diag.CallName(w.Call)},
		{Node: s.Call, Message: "the retry: " + retryName(s)},
	}
	diag.Report(c.pass, call, msg, related)
}

// paramIndexOf returns the index of decl's parameter v, or -1.
func paramIndexOf(info *types.Info, decl *ast.FuncDecl, v *types.Var) int {
	i := 0
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if info.Defs[name] == v {
				return i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return -1
}
