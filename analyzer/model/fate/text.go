package fate

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A function without results that keeps only the text of an error it is
// given (a restore's warnings collection whose Add appends err.Error())
// records the failure as a message: nobody can test text for a Conflict,
// nor learn from the call that anything failed, so a failure given to it
// is recorded and never retried, as a message given to a logger is.
//
// It must use the parameter only as text (err.Error(), an argument of a
// fmt function that returns a string): a nil test, a store of the error
// itself or a call given it could tell someone that the write failed.

// keepsText returns the index of the error parameter fn keeps only as
// text; ok is false when it keeps none so.
func (k *knowledge) keepsText(fn *types.Func) (int, bool) {
	if fn.Pkg() != nil && k.pkg != nil && fn.Pkg() != k.pkg {
		p, ok := k.foreign.KeepsText[fn]
		return p, ok
	}
	p, ok := k.sum.keepsText[fn.Origin()]
	return p, ok
}

// KeepsText returns the index of the error parameter fn, a function of
// this package, keeps only as text (see keepsText).
func (t *Tracer) KeepsText(fn *types.Func) (int, bool) { return t.k.keepsText(fn) }

// TextKeepers judges decls by their bodies alone: the functions that keep
// an error parameter only as text, by the parameter's index.
func TextKeepers(info *types.Info, decls map[*types.Func]*ast.FuncDecl) map[*types.Func]int {
	out := make(map[*types.Func]int)
	for fn, decl := range decls {
		if p, ok := textOnlyParam(info, fn, decl); ok {
			out[fn] = p
		}
	}
	return out
}

// textOnlyParam judges fn, declared by decl.
func textOnlyParam(info *types.Info, fn *types.Func, decl *ast.FuncDecl) (int, bool) {
	sig := fn.Signature()
	if decl.Body == nil || sig.Results().Len() != 0 {
		return 0, false
	}
	p := firstErrorParam(sig)
	if p < 0 {
		return 0, false
	}
	param := sig.Params().At(p)
	asText := make(map[*ast.Ident]bool)
	uses, other := 0, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			markTextUses(info, n, param, asText)
		case *ast.Ident:
			if info.Uses[n] == param {
				uses++
				other = other || !asText[n]
			}
		}
		return !other
	})
	return p, uses > 0 && !other
}

// markTextUses marks the uses of param in call that take only its text:
// param.Error(), or an argument of a fmt function that returns a string.
func markTextUses(info *types.Info, call *ast.CallExpr, param *types.Var, asText map[*ast.Ident]bool) {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" && len(call.Args) == 0 {
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == param {
			asText[id] = true
		}
		return
	}
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || !returnsOnly(fn, types.Typ[types.String]) {
		return
	}
	for _, arg := range call.Args {
		if id, ok := ast.Unparen(arg).(*ast.Ident); ok && info.Uses[id] == param {
			asText[id] = true
		}
	}
}

// keepsTextArg reports whether call gives the failure, as its argument
// arg, to a parameter its callee fn keeps only as text.
func (k *knowledge) keepsTextArg(fn *types.Func, call *ast.CallExpr, arg ast.Node) bool {
	p, ok := k.keepsText(fn)
	if !ok || arg == nil || call.Ellipsis != token.NoPos {
		return false
	}
	return p < len(call.Args) && call.Args[p] == arg
}
