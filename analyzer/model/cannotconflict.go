package model

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// versionJudge tells whether an object can carry a resourceVersion at a
// point of a function: whether it was built fresh (from a literal, by a
// fresh builder, decoded), and whether anything since could have given it
// one. The version stage asks it of writes, the returners stage of a
// returner's parameters, and the facts of builders and create helpers.
//
// What it knows of functions (fresh builders, keepers) is in its
// summaries, computed before its first answer (see versionsummaries.go)
// and only read after.
type versionJudge struct {
	info    *types.Info
	decls   map[*types.Func]*ast.FuncDecl
	found   *writesAndReads
	objects objectTypes
	sum     *versionSummaries
	// returners are the returners known so far: other packages' while the
	// summaries are computed and the writes judged, this package's too as
	// the returners stage finds them (the stage grows this map).
	returners map[*types.Func]Returner

	copying map[*types.Var]bool // variables whose deep copies are being judged (see copiesFresh)
}

// newVersionJudge returns the judge over the finished writes and reads
// found, the package's declarations, the summaries sum (final, or being
// computed by summarizeVersions), and the returners map that the returners
// stage grows.
func newVersionJudge(info *types.Info, decls map[*types.Func]*ast.FuncDecl, found *writesAndReads, objects objectTypes, sum *versionSummaries, returners map[*types.Func]Returner) *versionJudge {
	return &versionJudge{
		info: info, decls: decls, found: found, objects: objects, sum: sum, returners: returners,
		copying: make(map[*types.Var]bool),
	}
}

// markVersionless is the fourth stage: it marks the writes that cannot
// conflict because their object carries no resourceVersion, built without
// one or blanked before the write, or runs only when it was not read from
// the server (unborn.go).
func markVersionless(j *versionJudge, writes []*Write) {
	markCannotConflict(j, writes)
	markCleared(j, writes) // skips the writes markCannotConflict marked
	markUnborn(j, writes)
}

// markCannotConflict finds writes that cannot conflict: an Update of an
// object built from a literal (or decoded from a manifest) without a
// resourceVersion, never read or handed to anything that could fill one in.
// The server has no version to compare: a built-in kind that allows it is
// updated unconditionally, and any other kind is rejected as Invalid, which
// is another bug than a lost Conflict. Every analyzer skips such writes.
func markCannotConflict(j *versionJudge, writes []*Write) {
	for _, w := range writes {
		if !sendsObjectVersion(w.Kind) {
			continue
		}
		v := w.Object.Root
		if v == nil {
			// A literal written as it is built: `Update(ctx, &T{...})`.
			w.CannotConflict = !w.Object.Copied && j.freshExpr(w.FuncNode, w.Object.Expr)
			continue
		}
		if w.Object.Path != v.Name() {
			continue
		}
		fn := declaringFunc(w, v)
		w.CannotConflict = fn != nil && j.refreshingWritesOf(v, fn, w) == 0 && j.builtWithoutVersion(fn, v)
	}
}

// declaringFunc returns the function around the write that declares v (the
// write's own, or an outer one whose local a closure captures), or nil.
func declaringFunc(w *Write, v *types.Var) ast.Node {
	for enc := range w.Cursor.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if fn := enc.Node(); fn.Pos() <= v.Pos() && v.Pos() < fn.End() {
			return fn
		}
	}
	return nil
}

// refreshingWritesOf counts the writes of v within fn, other than w, that
// refresh it in place: after a controller-runtime write the object carries
// the resourceVersion the server returned. Typed and dynamic writes leave
// their input as it was.
func (j *versionJudge) refreshingWritesOf(v *types.Var, fn ast.Node, w *Write) int {
	n := 0
	for _, o := range j.found.writes {
		if o != w && o.Object.Root == v && o.Kind.RefreshesInPlace() && fn.Pos() <= o.Call.Pos() && o.Call.End() <= fn.End() {
			n++
		}
	}
	return n
}

// builtWithoutVersion reports whether v is declared in fn from a composite
// literal (or as a zero value, or decoded from a manifest, or built by a
// fresh builder) that sets no resourceVersion, and nothing in fn can give
// it one afterwards (see untouched).
func (j *versionJudge) builtWithoutVersion(fn ast.Node, v *types.Var) bool {
	def := j.definition(fn, v)
	if def == nil || setsResourceVersion(def) {
		return false
	}
	return j.untouched(fn, v, def)
}

// definition returns the declaration of v from a fresh value (`v :=
// &T{...}`, `var v T`, `var v = T{...}`, `v, err := build()`), or nil
// when v is declared otherwise.
func (j *versionJudge) definition(fn ast.Node, v *types.Var) ast.Node {
	var def ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && definesVar(j.info, n, v) && j.assignsFreshBuild(fn, n, v) {
				def = n
			}
		case *ast.ValueSpec:
			if len(n.Names) == 1 && j.info.Defs[n.Names[0]] == v && (len(n.Values) == 0 || len(n.Values) == 1 && j.freshExpr(nil, n.Values[0])) {
				def = n
			}
		}
		return def == nil
	})
	return def
}

// definesVar reports whether as declares v.
func definesVar(info *types.Info, as *ast.AssignStmt, v *types.Var) bool {
	for _, lhs := range as.Lhs {
		if id := syntax.Ident(lhs); id != nil && info.Defs[id] == v {
			return true
		}
	}
	return false
}

// setsResourceVersion reports whether a literal mentions ResourceVersion.
func setsResourceVersion(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "ResourceVersion" {
			found = true
		}
		return !found
	})
	return found
}
