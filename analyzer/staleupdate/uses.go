package staleupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// useKind says what one use of an object variable does with it.
type useKind int

const (
	useRead   useKind = iota // a copied value of basic type, a nil test
	useDef                   // the variable itself assigned
	useKube                  // the object argument of a tracked write or read
	useMutate                // a field set, or a method without results called
	useEscape                // anything else: an alias, a call argument, a return
)

// use is one mention of the variable.
type use struct {
	pos  token.Pos
	kind useKind
	// nested: the use is in a function literal inside the function.
	nested bool
}

// useIndex classifies the uses of an object variable: which are reads,
// writes of the variable, calls of the Kubernetes API, changes and
// escapes. It knows the package's API calls (kubeCalls), built once.
type useIndex struct {
	info        *types.Info
	res         *model.Result
	kubeCallSet map[*ast.CallExpr]bool
}

// of classifies every use of v inside the function at fnCur.
func (ui *useIndex) of(fnCur inspector.Cursor, v *types.Var) []use {
	var out []use
	for cur := range fnCur.Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		if ui.info.Uses[id] != v {
			continue
		}
		u := use{pos: id.Pos(), kind: ui.classifyUse(cur)}
		for enc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
			u.nested = enc.Node() != fnCur.Node()
			break
		}
		out = append(out, u)
	}
	return out
}

// classifyUse climbs from the identifier at cur to the largest selector,
// index or dereference built on it and looks at what consumes that.
func (ui *useIndex) classifyUse(cur inspector.Cursor) useKind {
	info := ui.info
	for {
		parent := cur.Parent()
		climb := false
		switch p := parent.Node().(type) {
		case *ast.SelectorExpr:
			climb = p.X == cur.Node()
		case *ast.IndexExpr:
			climb = p.X == cur.Node()
		case *ast.StarExpr, *ast.ParenExpr:
			climb = true
		}
		if !climb {
			break
		}
		cur = parent
	}
	top := cur.Node()
	_, isIdent := top.(*ast.Ident)
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if lhs == top {
				if isIdent {
					return useDef
				}
				return useMutate
			}
		}
	case *ast.IncDecStmt:
		return useMutate
	case *ast.CallExpr:
		if p.Fun == top { // a method call on the object
			sig, ok := info.TypeOf(p.Fun).(*types.Signature)
			switch {
			case !ok:
			case sig.Results().Len() == 0:
				return useMutate
			case sig.Results().Len() == 1 && isBasic(sig.Results().At(0).Type()):
				return useRead
			}
			return useEscape
		}
		if ui.kubeCalls()[p] {
			return useKube
		}
	case *ast.UnaryExpr:
		if call, ok := cur.Parent().Parent().Node().(*ast.CallExpr); ok && p.Op == token.AND && ui.kubeCalls()[call] {
			return useKube
		}
	case *ast.BinaryExpr:
		if truth.IsNil(p.X) || truth.IsNil(p.Y) {
			return useRead
		}
	}
	if e, ok := top.(ast.Expr); ok && isBasic(info.TypeOf(e)) {
		return useRead
	}
	return useEscape
}

// kubeCalls is the set of tracked writes and Get calls of the package.
func (ui *useIndex) kubeCalls() map[*ast.CallExpr]bool {
	if ui.kubeCallSet == nil {
		ui.kubeCallSet = make(map[*ast.CallExpr]bool)
		for _, w := range ui.res.Writes() {
			ui.kubeCallSet[w.Call] = true
		}
		for _, r := range ui.res.Reads() {
			if call, ok := r.Node.(*ast.CallExpr); ok {
				ui.kubeCallSet[call] = true
			}
		}
	}
	return ui.kubeCallSet
}

func isBasic(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Basic)
	return ok
}
