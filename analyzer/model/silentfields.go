package model

import (
	"go/ast"
	"go/types"
	"maps"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A helper may write an object its receiver holds rather than one it is
// handed: a backup executor's `SetConditionTrue` writes `c.Obj`, the
// object the executor was built around, and only logs the failure. Its
// callers, methods of the same executor, write `b.Obj` again; after a
// Conflict in the helper, that write resends the refused version (k8up's
// executors, kubegres's resources context). The silent field writers are
// those methods, with the fields of the receiver they write: found from
// their own writes of `recv.F` and from the silent field writers they call
// on their own receiver; across packages, from their SilentWriteFact.

// findSilentFieldWriters returns the calls of the package's methods that
// write a field of their receiver and lose the failure, each with the
// object the call's receiver holds in that field.
func findSilentFieldWriters(info *types.Info, scan *callScan, found *writesAndReads, scopes scopesByBody, tracer *fate.Tracer, foreign map[*types.Func][]string) (map[*types.Func][]string, []*SilentCall) {
	fields := make(map[*types.Func][]string, len(foreign))
	maps.Copy(fields, foreign)
	add := func(fn *types.Func, field string) bool { return addSorted(fields, fn, field) }
	for _, w := range found.writes {
		fn, decl := scan.decls.declOf(w.FuncNode)
		if fn == nil || decl == nil || w.Scope != nil || w.CannotConflict {
			continue
		}
		if f := receiverField(info, decl, w.Object); f != "" && losesSilently(tracer.Trace(w.Cursor)) {
			add(fn, f)
		}
	}
	graph.Saturate(scan.calls, func(c call) bool {
		fs := fields[c.callee]
		fn, decl := scan.decls.declOf(c.site().fnNode())
		if len(fs) == 0 || fn == nil || decl == nil || scopes.around(c.frame) != nil {
			return false
		}
		recv := receiverVar(info, decl)
		if recv == nil || callReceiverVar(info, c.expr) != recv {
			return false
		}
		changed := false
		for _, f := range fs {
			changed = add(fn, f) || changed
		}
		return changed
	})
	var calls []*SilentCall
	for _, c := range scan.calls {
		v := callReceiverVar(info, c.expr)
		if v == nil {
			continue
		}
		for _, f := range fields[c.callee] {
			path := v.Name() + "." + f
			calls = append(calls, &SilentCall{Call: c.expr, Callee: c.callee, Param: -1, Cursor: scan.cursor(c), Object: upstream.Object{Root: v, Path: path}})
		}
	}
	for fn := range foreign {
		delete(fields, fn) // only the package's own are exported
	}
	return fields, calls
}

// receiverField returns F when o is `recv.F`, a field of decl's receiver
// recv, else "".
func receiverField(info *types.Info, decl *ast.FuncDecl, o upstream.Object) string {
	recv := receiverVar(info, decl)
	if recv == nil || o.Root != recv {
		return ""
	}
	f, ok := strings.CutPrefix(o.Path, recv.Name()+".")
	if !ok || strings.ContainsAny(f, ".[]()*&") {
		return ""
	}
	return f
}

// callReceiverVar returns the variable a method call is made on (`b` in
// `b.SetConditionTrue(...)`), or nil.
func callReceiverVar(info *types.Info, call *ast.CallExpr) *types.Var {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}
