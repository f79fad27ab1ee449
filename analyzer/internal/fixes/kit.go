package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// SideEffectFree reports whether evaluating n again, or later, cannot
// change what the program does: n calls nothing but conversions, the
// builtins that only compute a value and the clock (see timeValue),
// receives from no channel and holds no function literal (whose body would
// need the same check, wherever it runs). It is the one rule every fix uses
// before it moves code or repeats it in a retry.
func SideEffectFree(info *types.Info, n ast.Node) bool {
	free := true
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			free = false
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true
			}
			if b, ok := typeinfo.Callee(info, n).(*types.Builtin); ok && valueBuiltins[b.Name()] {
				return true
			}
			if timeValue(info, n) {
				return true
			}
			free = false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				free = false
			}
		}
		return free
	})
	return free
}

// Assigns reports whether s stores side-effect-free values into places
// that target accepts, declaring nothing: the shape of a mutation that a
// fix may move, or repeat in a retry, once target has said whose places
// they are.
func Assigns(info *types.Info, s *ast.AssignStmt, target func(lhs ast.Expr) bool) bool {
	if s.Tok == token.DEFINE {
		return false
	}
	for _, lhs := range s.Lhs {
		if !target(lhs) {
			return false
		}
	}
	for _, rhs := range s.Rhs {
		if !SideEffectFree(info, rhs) {
			return false
		}
	}
	return true
}

// timeValue reports whether call reads the clock (time.Now, time.Since,
// metav1.Now) or computes a value from a time or a duration (t.UTC(),
// t.Format(layout), d.Seconds(), metav1.NewTime). Evaluated again in a retry, a clock read stamps the time of the attempt
// that is written, which is what a timestamp records; it changes nothing
// else.
func timeValue(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeinfo.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	path := syntax.PkgPath(fn.Pkg())
	if recv := fn.Signature().Recv(); recv != nil {
		// Value methods of a time compute from it; the pointer ones
		// (UnmarshalJSON, GobDecode) change it.
		n, ok := types.Unalias(recv.Type()).(*types.Named)
		return ok && (n.Obj().Name() == "Time" && (path == "time" || path == metaV1) || n.Obj().Name() == "Duration" && path == "time")
	}
	switch path + "." + fn.Name() {
	case "time.Now", "time.Since", "time.Until", "time.Unix", "time.Date", metaV1 + ".Now", metaV1 + ".NewTime", metaV1 + ".Unix":
		return true
	}
	return false
}

const metaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

// valueBuiltins only compute a value from their arguments.
var valueBuiltins = map[string]bool{"append": true, "len": true, "cap": true, "make": true, "new": true, "min": true, "max": true}

// Mentions reports whether n declares or uses obj.
func Mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == obj {
			found = true
		}
		return !found
	})
	return found
}

// EnclosingStmt returns the statement at or around cur that sits in a
// statement list (a block, a case or a select clause), with that list and
// the statement's index in it. It does not leave the function that holds
// cur.
func EnclosingStmt(cur inspector.Cursor) (inspector.Cursor, []ast.Stmt, int, bool) {
	for {
		parent := cur.Parent()
		if !parent.Valid() {
			return cur, nil, 0, false
		}
		var list []ast.Stmt
		switch p := parent.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl, *ast.File:
			return cur, nil, 0, false
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		}
		if list != nil {
			if s, ok := cur.Node().(ast.Stmt); ok {
				if i := slices.Index(list, s); i >= 0 {
					return cur, list, i, true
				}
			}
		}
		cur = parent
	}
}

// LineIndent returns the blanks that start the line holding pos, and
// whether nothing else precedes pos on that line (so that text inserted
// before pos can take a line of its own with this indentation).
func LineIndent(pass *analysis.Pass, pos token.Pos) (string, bool) {
	src, off, ok := Content(pass, pos)
	if !ok {
		return "", false
	}
	start := off
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end]), end >= off
}
