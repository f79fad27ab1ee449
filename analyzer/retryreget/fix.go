package retryreget

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/repair"
	"github.com/conflictlint/conflictlint/analyzer/upstream"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// reReadNames are the names the inserted re-read may declare.
var reReadNames = []string{"latest", "fresh", "err", "getErr"}

// reReadFix builds the fix for a stale write: the re-read at the top of the
// closure, and the mutations made since the object's last read moved after
// it. It gives up unless the result provably compiles and keeps meaning.
func (fx *fixer) reReadFix(w *model.Write) (analysis.SuggestedFix, bool) {
	if w.Object.Copied {
		return analysis.SuggestedFix{}, false // a copy: nothing to Get into
	}
	lit, ok := w.Scope.Body.(*ast.FuncLit)
	if !ok || len(lit.Body.List) == 0 {
		return analysis.SuggestedFix{}, false
	}
	condition := returnsDoneAndError(fx.pass.TypesInfo, lit.Type) // a wait condition
	if !condition && !returnsOnlyError(fx.pass.TypesInfo, lit.Type) {
		return analysis.SuggestedFix{}, false
	}
	// The object must be a plain local variable of the function that makes
	// the retry call, so that every mutation since its last read is in view.
	outer := syntax.EnclosingFuncNode(w.Scope.Cursor.Parent())
	obj := w.Object
	if outer == nil || obj.Path != obj.Root.Name() || !syntax.Encloses(syntax.FuncBody(outer), obj.Root.Pos()) {
		return analysis.SuggestedFix{}, false
	}
	at := lit.Body.Lbrace + 1
	moves, ok := fx.movableMutations(w, outer)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	var reRead []string
	switch w.Kind {
	case upstream.WriteUpdate, upstream.WriteSubResourceUpdate, upstream.WriteOptimisticPatch:
		reRead, edits, ok = fx.crGet(w, lit, at)
	case upstream.WriteTypedUpdate, upstream.WriteDynamicUpdate:
		reRead, edits, ok = fx.typedGet(w, lit, at)
	default:
		ok = false
	}
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if condition {
		// A wait condition that returns an error ends the wait with it,
		// as a retry closure's error ends the retry.
		for i, l := range reRead {
			if rest, ok := strings.CutPrefix(l, "\treturn "); ok && !strings.Contains(rest, ",") {
				reRead[i] = "\treturn false, " + rest
			}
		}
	}
	for _, m := range moves {
		// Moved statements follow the re-read, whose names they must not
		// see in place of their own.
		if !fixes.ResolvesSame(fx.pass.Pkg, fx.pass.TypesInfo, m, at) || slices.ContainsFunc(reReadNames, func(n string) bool { return fixes.UsesName(m, n) }) {
			return analysis.SuggestedFix{}, false
		}
		text, del, ok := fixes.StatementLines(fx.pass, m)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		reRead = append(reRead, text...)
		edits = append(edits, del)
	}
	edits = append(edits, fx.insertLines(lit, at, reRead))
	msg := fmt.Sprintf("Re-read %s at the top of the closure", obj.Name())
	if len(moves) > 0 {
		msg += " and move its mutations after the re-read"
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// typedGet builds the re-read of a typed or dynamic client write: the Get
// of the same resource interface, assigned back to the object.
func (fx *fixer) typedGet(w *model.Write, lit *ast.FuncLit, at token.Pos) ([]string, []analysis.TextEdit, bool) {
	fresh, ok1 := fx.freeName(lit, "latest", "fresh")
	errName, ok2 := fx.freeName(lit, "err", "getErr")
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	return repair.TypedReRead(fx.pass, w, at, fresh, errName)
}

// freeName returns the first candidate that a declaration at the top of the
// closure can take: nothing at the closure's top level declares it, and
// nothing in the closure uses an outer variable of that name (which the new
// declaration would shadow).
func (fx *fixer) freeName(lit *ast.FuncLit, candidates ...string) (string, bool) {
	scope := fx.pass.TypesInfo.Scopes[lit.Type]
	if scope == nil {
		return "", false // not type-checked: names cannot be told apart
	}
next:
	for _, name := range candidates {
		if o := scope.Lookup(name); o != nil {
			continue
		}
		found := false
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				if o := fx.pass.TypesInfo.Uses[id]; o != nil && !syntax.Encloses(lit, o.Pos()) {
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

// builtInside reports whether the patch argument is built inside body: a
// call written there, or a variable declared there.
func (fx *fixer) builtInside(patch ast.Expr, body *ast.BlockStmt) bool {
	switch p := ast.Unparen(patch).(type) {
	case *ast.CallExpr:
		return true
	case *ast.Ident:
		o := fx.pass.TypesInfo.Uses[p]
		return o != nil && syntax.Encloses(body, o.Pos())
	}
	return false
}

// insertLines inserts lines at the top of the closure body, indented like
// its first statement.
func (fx *fixer) insertLines(lit *ast.FuncLit, at token.Pos, lines []string) analysis.TextEdit {
	indent := "\t"
	first := lit.Body.List[0]
	if src, off, ok := fixes.Content(fx.pass, first.Pos()); ok {
		ls := bytes.LastIndexByte(src[:off], '\n') + 1
		if prefix := src[ls:off]; len(bytes.TrimSpace(prefix)) == 0 && fx.pass.Fset.Position(first.Pos()).Line != fx.pass.Fset.Position(lit.Body.Lbrace).Line {
			indent = string(prefix)
		} else if _, loff, ok := fixes.Content(fx.pass, lit.Pos()); ok {
			lls := bytes.LastIndexByte(src[:loff], '\n') + 1
			indent = fixes.LeadingSpace(string(src[lls:loff])) + "\t"
		}
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("\n")
		b.WriteString(indent)
		b.WriteString(l)
	}
	// A body written on the brace's line (func() error { return ... })
	// needs its first statement moved to a line of its own.
	if fx.pass.Fset.Position(first.Pos()).Line == fx.pass.Fset.Position(lit.Body.Lbrace).Line {
		b.WriteString("\n")
		b.WriteString(indent)
	}
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(b.String())}
}

// crGet builds the re-read for a controller-runtime write; a patch built
// outside the closure keeps its stale base, so it gets no fix.
func (fx *fixer) crGet(w *model.Write, lit *ast.FuncLit, at token.Pos) ([]string, []analysis.TextEdit, bool) {
	if w.Kind == upstream.WriteOptimisticPatch && (len(w.Call.Args) < 3 || !fx.builtInside(w.Call.Args[2], lit.Body)) {
		return nil, nil, false
	}
	return repair.ControllerRuntimeReRead(fx.pass, w, at)
}
