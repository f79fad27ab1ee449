package listermutation

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

func (t *tracker) call(call *ast.CallExpr) {
	pos := call.Pos()
	if name := upstream.CalledBuiltin(t.info, call); name != "" {
		switch name {
		case "delete":
			if len(call.Args) > 0 && t.ref(call.Args[0], pos).lvl == cached {
				t.mutated(call, "delete from "+types.ExprString(call.Args[0]), t.ref(call.Args[0], pos))
			}
		case "append":
			// Appending to the whole cached slice writes only beyond its
			// length, which no reader of the cache sees; appending to
			// s[:i] overwrites what they see.
			if len(call.Args) > 1 && overwritesWithinLength(call.Args[0]) {
				if x := t.ref(sliceBase(call.Args[0]), pos); x.lvl == cached {
					t.mutated(call, "append to "+types.ExprString(call.Args[0]), x)
				}
			}
		}
		return
	}
	for _, arg := range t.cache.MutatedArgs(call) {
		if x := t.refOrMem(arg, pos); x.lvl == cached {
			t.mutated(call, diag.CallName(call), x)
			return
		}
	}
	t.viaFunc(call, pos)
	t.reads(call)
}

// viaFunc reports a call of a function of the program that changes a
// parameter given a cache-owned object.
func (t *tracker) viaFunc(call *ast.CallExpr, pos token.Pos) {
	fn := upstream.Callee(t.info, call)
	if fn == nil || t.calls == nil {
		return
	}
	idx := t.calls(fn)
	if len(idx) == 0 {
		return
	}
	args := call.Args
	if fn.Signature().Recv() != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return
		}
		if s := t.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
			return // a method expression T.M(recv, ...)
		}
		args = append([]ast.Expr{sel.X}, call.Args...)
	}
	for _, m := range idx {
		if m.Param < len(args) && !skippedByFlag(t.info, args, m) {
			if x := t.refOrMem(args[m.Param], pos); x.lvl == cached {
				t.viaParam[call] = m.Param
				t.mutated(call, diag.CallName(call), x)
				return
			}
		}
	}
}

// reads records what a controller-runtime Get or List leaves in its
// object argument: a shallow copy with client.UnsafeDisableDeepCopy, a
// private copy otherwise.
func (t *tracker) reads(call *ast.CallExpr) {
	target, ok := t.cache.IsRead(call)
	if !ok {
		return
	}
	x := val{}
	if t.cache.ShallowTarget(call) != nil {
		x = val{shallow, t.madeSource(call)}
		if fn := upstream.Callee(t.info, call); fn != nil && fn.Name() == "List" {
			x.lvl = shallowList
		}
	}
	switch e := ast.Unparen(target).(type) {
	case *ast.UnaryExpr:
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok && e.Op == token.AND {
			t.set(t.varOf(id), call.End(), x)
		}
	case *ast.Ident:
		t.set(t.varOf(e), call.End(), x)
	}
}

// overwritesWithinLength reports whether appending to e may overwrite
// elements of the slice e was cut from: e is s[:i] or s[a:b].
func overwritesWithinLength(e ast.Expr) bool {
	se, ok := ast.Unparen(e).(*ast.SliceExpr)
	return ok && se.High != nil
}

// sliceBase returns s for s[a:b], and e otherwise.
func sliceBase(e ast.Expr) ast.Expr {
	if se, ok := ast.Unparen(e).(*ast.SliceExpr); ok {
		return se.X
	}
	return e
}
