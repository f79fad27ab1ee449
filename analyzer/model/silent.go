package model

import (
	"cmp"
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A helper that writes an object it is handed and loses the write's
// failure (it logs or drops it) cannot tell its caller that the write
// failed: after a Conflict there, the caller's object still carries the
// version the server refused, and the caller's next write of it, or the
// next call of such a helper on it, is certain to conflict. The silent
// writers are those helpers, with the parameter they write: found from
// their own writes, from the returners' failures they lose, and from the
// silent writers they hand their parameter to; and, across packages,
// from their SilentWriteFact.

// SilentCall is a call of a silent writer: Param is the argument the
// helper writes (a helper that writes two of its arguments has two), or
// -1 when it writes a field of its receiver, whose object Object then is
// (`b.Obj` for `b.SetCondition(...)`; see silentfields.go). NotConflict
// is the argument, an error, that the helper's writes need not to be a
// Conflict (see conflictGuardOf), or -1.
type SilentCall struct {
	Call        *ast.CallExpr
	Callee      *types.Func
	Param       int
	Cursor      inspector.Cursor
	Object      upstream.Object
	NotConflict int
}

// silentGuards maps a silent writer to the error parameter all its writes
// need not to be a Conflict, or -1 when one of them needs none.
type silentGuards map[*types.Func]int

// merge records that one of fn's silent writes needs error parameter g
// not to be a Conflict (-1: it needs nothing).
func (sg silentGuards) merge(fn *types.Func, g int) {
	if old, seen := sg[fn]; seen && old != g {
		g = -1
	}
	sg[fn] = g
}

// of returns the guard of fn's writes, or -1.
func (sg silentGuards) of(fn *types.Func) int {
	if g, ok := sg[fn]; ok {
		return g
	}
	return -1
}

// findSilentWriters returns the package's silent writers and those of
// other packages it calls (from facts, im), their guards, and the calls
// of them. It runs once the tracer is frozen: the writes' fates are final.
func findSilentWriters(info *types.Info, scan *callScan, found *writesAndReads, scopes scopesByBody, tracer *fate.Tracer, returners map[*types.Func]Returner, im imported) (map[*types.Func][]int, silentGuards, []*SilentCall) {
	foreign := im.silent
	silent, guards := maps.Clone(foreign), maps.Clone(im.silentGuards)
	add := func(fn *types.Func, p int) bool { return addSorted(silent, fn, p) }
	for _, w := range found.writes {
		fn, decl := scan.decls.declOf(w.FuncNode)
		if fn == nil || w.Scope != nil || w.CannotConflict {
			continue
		}
		if p := paramIndex(info, decl, w.Object.Root); p >= 0 && losesSilently(tracer.Trace(w.Cursor)) {
			add(fn, p)
			guards.merge(fn, writeConflictParam(info, decl, w))
		}
	}
	graph.Saturate(scan.calls, func(c call) bool {
		fn, decl := scan.decls.declOf(c.site().fnNode())
		if fn == nil || foreign[fn] != nil || scopes.around(c.frame) != nil {
			return false
		}
		ps, calleeSilent := silent[c.callee]
		if !calleeSilent {
			r, isReturner := returners[c.callee]
			if !isReturner || !losesSilently(tracer.Trace(scan.cursor(c))) {
				return false
			}
			ps = []int{r.Param}
		}
		changed := false
		for _, p := range ps {
			if q := paramIndex(info, decl, argRoot(info, c.expr, p)); q >= 0 {
				changed = add(fn, q) || changed
				guards.merge(fn, -1) // the callee's guard is on its own parameter
			}
		}
		return changed
	})
	var calls []*SilentCall
	for _, c := range scan.calls {
		for _, p := range silent[c.callee] {
			if p < len(c.expr.Args) {
				calls = append(calls, &SilentCall{Call: c.expr, Callee: c.callee, Param: p, Cursor: scan.cursor(c), NotConflict: guards.of(c.callee)})
			}
		}
	}
	return silent, guards, calls
}

// losesSilently reports whether a failure with fate f is lost where it
// happens without reaching the caller: dropped, swallowed or logged (not
// ending the program, nor returned wrapped as terminal).
func losesSilently(f fate.Fate) bool { return f <= fate.Logged }

// addSorted adds x to m[fn], kept sorted and without repeats, and reports
// whether it was new. The slice is copied first: m may share it with a
// map it was cloned from.
func addSorted[T cmp.Ordered](m map[*types.Func][]T, fn *types.Func, x T) bool {
	if slices.Contains(m[fn], x) {
		return false
	}
	m[fn] = append(slices.Clone(m[fn]), x)
	slices.Sort(m[fn])
	return true
}
