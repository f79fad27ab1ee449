package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
)

// ReadsOnlyBasicFields reports whether every use of v in n reads a field
// of basic type (cm.Name, cm.GetNamespace()) as a value: nothing can
// change v through such a use, and a copy of it cannot alias v.
func ReadsOnlyBasicFields(pass *analysis.Pass, n ast.Node, v *types.Var) bool {
	info := pass.TypesInfo
	f := FileOf(pass, n.Pos())
	ok := true
	ast.Inspect(n, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.ObjectOf(id) != v {
			return ok
		}
		path, _ := astutil.PathEnclosingInterval(f, id.Pos(), id.End())
		ok = basicRead(info, path)
		return ok
	})
	return ok
}

// basicRead reports whether path (from an identifier outwards) selects a
// value of basic type and uses it as a value, or hands the object to
// klog.KObj (which copies its namespace and name).
func basicRead(info *types.Info, path []ast.Node) bool {
	if namedForLog(info, path) {
		return true
	}
	i := 0
	for i+1 < len(path) {
		if ix, ok := path[i+1].(*ast.IndexExpr); ok && ix.X == path[i] && i > 0 {
			if _, isMap := typeinfo.UnderOf(info, ix.X).(*types.Map); isMap {
				i++ // a value read from a map field: cm.Labels["app"]
				continue
			}
		}
		sel, ok := path[i+1].(*ast.SelectorExpr)
		if !ok || sel.X != path[i] {
			break
		}
		s := info.Selections[sel]
		switch {
		case s != nil && s.Kind() == types.FieldVal:
			i++
		case s != nil && s.Kind() == types.MethodVal && strings.HasPrefix(sel.Sel.Name, "Get") && i+2 < len(path):
			call, ok := path[i+2].(*ast.CallExpr)
			if !ok || call.Fun != sel || len(call.Args) != 0 {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	e, ok := path[i].(ast.Expr)
	if !ok || i == 0 {
		return false
	}
	t := info.TypeOf(e)
	if tup, ok := t.(*types.Tuple); ok && tup.Len() == 2 {
		t = tup.At(0).Type() // v, ok := cm.Labels["app"]
	}
	if _, basic := typeinfo.Under(t).(*types.Basic); !basic {
		return false
	}
	if i+1 < len(path) {
		switch p := path[i+1].(type) {
		case *ast.AssignStmt:
			return !slices.Contains(p.Lhs, e)
		case *ast.IncDecStmt:
			return false
		case *ast.UnaryExpr:
			return p.Op != token.AND
		}
	}
	return true
}

// BasicReadsBefore reports whether every use of v in body before pos reads
// a field of basic type: nothing there changes v, or takes a part of it
// that could change it later.
func BasicReadsBefore(pass *analysis.Pass, body *ast.BlockStmt, v *types.Var, pos token.Pos) bool {
	if body == nil {
		return false
	}
	for _, s := range body.List {
		if s.Pos() >= pos {
			break
		}
		if s.End() > pos {
			// The write is nested in s: look at what precedes it inside.
			if !basicReadsIn(pass, s, v, pos) {
				return false
			}
			break
		}
		if Mentions(pass.TypesInfo, s, v) && !ReadsOnlyBasicFields(pass, s, v) {
			return false
		}
	}
	return true
}

// basicReadsIn checks the uses of v in n that come before pos.
func basicReadsIn(pass *analysis.Pass, n ast.Node, v *types.Var, pos token.Pos) bool {
	ok := true
	ast.Inspect(n, func(n ast.Node) bool {
		if !ok || n == nil || n.Pos() >= pos {
			return false
		}
		if s, isStmt := n.(ast.Stmt); isStmt && s.End() <= pos {
			if _, isBlock := s.(*ast.BlockStmt); !isBlock {
				ok = !Mentions(pass.TypesInfo, s, v) || ReadsOnlyBasicFields(pass, s, v)
				return false
			}
		}
		if e, isExpr := n.(ast.Expr); isExpr && e.End() <= pos {
			ok = !Mentions(pass.TypesInfo, e, v) || ReadsOnlyBasicFields(pass, e, v)
			return false
		}
		return true
	})
	return ok
}

// namedForLog reports whether path (from an identifier outwards) is the
// argument of klog.KObj, or its address is: KObj keeps only the object's
// namespace and name, as strings.
func namedForLog(info *types.Info, path []ast.Node) bool {
	i := 1
	if i < len(path) {
		if u, ok := path[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i++
		}
	}
	if i >= len(path) {
		return false
	}
	call, ok := path[i].(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Args[0] != path[i-1] {
		return false
	}
	fn, ok := typeinfo.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && syntax.PkgPath(fn.Pkg()) == "k8s.io/klog/v2" && fn.Name() == "KObj" && fn.Signature().Recv() == nil
}
