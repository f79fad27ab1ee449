package repair

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// FixOwner names the one analyzer that may offer a suggested fix that
// edits a write. Several analyzers can report the same write (a second
// write of an object whose Conflict is also lost is both stale and
// unretried), and golangci-lint applies every fix it is given, so two
// fixes of one write could overlap or undo each other. Every analyzer
// still reports what it finds; only the owner's finding carries a fix.
type FixOwner int

const (
	// OwnedByRetryReget: the write is inside a retry scope, where only
	// retryreget reports.
	OwnedByRetryReget FixOwner = iota
	// OwnedByUnretriedUpdate: the write's Conflict is lost, or nothing
	// else can report the write. Handling the failure comes first: a
	// write made fresh whose Conflict is still dropped stays broken, and
	// a returned or retried Conflict is re-read by whoever retries.
	OwnedByUnretriedUpdate
	// OwnedByStaleUpdate: the write's Conflict is handed on or retried,
	// and the write may be a stale rewrite (its function writes the object
	// again, or runs it again).
	OwnedByStaleUpdate
)

// FixOwnerOf returns the analyzer that owns the fixes of w. It depends only
// on the model (retry scopes, the fate of the write's error, the other
// writes of the function), so every analyzer computes the same answer on
// its own, whatever the mode or the order they run in.
func FixOwnerOf(r *model.Result, w *model.Write) FixOwner {
	switch {
	case w.Scope != nil:
		return OwnedByRetryReget
	case r.Tracer().Trace(w.Cursor).Lost():
		return OwnedByUnretriedUpdate
	case mayBeRewritten(r, w):
		return OwnedByStaleUpdate
	}
	return OwnedByUnretriedUpdate
}

// mayBeRewritten reports whether staleupdate could report w or edit it for
// another write: its function writes the same object again (directly or
// through a helper of the package), writes in a loop, or jumps with goto.
// It is a cheap over-approximation of staleupdate's candidates.
func mayBeRewritten(r *model.Result, w *model.Write) bool {
	for _, o := range r.Writes() {
		if o != w && o.FuncNode == w.FuncNode && o.Scope == nil && o.Object.Valid() && o.Object.Same(w.Object) {
			return true
		}
	}
	for _, rc := range r.ReturnerCalls() {
		if syntax.EnclosingFuncNode(r.CursorOf(rc)) == w.FuncNode {
			return true
		}
	}
	for enc := range w.Cursor.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch enc.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		}
		break
	}
	found := false
	ast.Inspect(w.FuncNode, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == w.FuncNode
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}

// NoReReadReason says, for a message, why no fix can re-read the object w
// writes, when the reason is that the object is not the function's own: a
// parameter (its caller may have changed it, and a re-read would drop
// those changes) or a field or element of another value (whose other
// users may have). It returns "" when the object is a local variable.
func NoReReadReason(w *model.Write) string {
	obj := w.Object
	if !obj.Valid() || obj.Copied {
		return ""
	}
	if obj.Path != obj.Root.Name() {
		return fmt.Sprintf("no fix: %s is part of %s, and a re-read would drop changes made to it elsewhere", obj.Path, obj.Root.Name())
	}
	if fromCaller(w) {
		return fmt.Sprintf("no fix: %s comes from the caller, and a re-read would drop the caller's changes", obj.Path)
	}
	return ""
}

// fromCaller reports whether w's object is a parameter (or the receiver) of
// a function around the write.
func fromCaller(w *model.Write) bool {
	for enc := range w.Cursor.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if IsParamOf(enc.Node(), w.Object.Root) {
			return true
		}
	}
	return false
}

// NoRetryFixReason says, for a message, why no retry wrap with a re-read
// after a Conflict was offered for w: for a parameter, the function makes
// no plain change of its own right before the write (a retry could make
// nothing again, and the caller's changes are not the function's to
// remake); otherwise what NoReReadReason says.
func NoRetryFixReason(w *model.Write) string {
	if w.Object.Valid() && !w.Object.Copied && w.Object.Path == w.Object.Root.Name() && fromCaller(w) {
		return fmt.Sprintf("no fix: %s comes from the caller, and a re-read after a Conflict is offered only when the function's changes to it are all plain ones made right before the write", w.Object.Path)
	}
	return NoReReadReason(w)
}
