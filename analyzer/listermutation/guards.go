package listermutation

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
)

// A helper may change its argument only when a bool parameter asks it to
// (`ExtractAndMaybeDeleteTraits(c, annotations, del)` deletes from
// annotations under `if del`). A caller that passes the constant that
// skips the branch changes nothing: camel-k's predicates compare the
// traits of the cached objects with `del` false.

// Mutation is a parameter a function changes (receiver first for
// methods), and the bool parameter that must hold When for it to: Flag is
// -1 when the change does not depend on one.
type Mutation struct {
	Param, Flag int
	When        bool
}

// joinMutations merges two lists sorted by parameter: a parameter in both
// keeps its flag when they agree, and is changed always when they do not.
func joinMutations(a, b []Mutation) []Mutation {
	out := slices.Clone(a)
	for _, m := range b {
		i := slices.IndexFunc(out, func(o Mutation) bool { return o.Param == m.Param })
		switch {
		case i < 0:
			out = append(out, m)
		case out[i] != m:
			out[i] = Mutation{Param: m.Param, Flag: -1}
		}
	}
	slices.SortFunc(out, func(x, y Mutation) int { return cmp.Compare(x.Param, y.Param) })
	return out
}

// skippedByFlag reports whether a call with args (receiver first) gives
// m's flag the constant that skips the change.
func skippedByFlag(info *types.Info, args []ast.Expr, m Mutation) bool {
	if m.Flag < 0 || m.Flag >= len(args) {
		return false
	}
	v := truth.Const(info, args[m.Flag])
	return v.Known() && v != truth.Of(m.When)
}

// flagBranch is a block that runs only when a bool parameter has a value.
type flagBranch struct {
	block *ast.BlockStmt
	flag  int
	when  bool
}

type flagBranches []flagBranch

// findFlagBranches finds fd's branches on a bool parameter never
// assigned: `if del { ... }` (and its else, for the other value), `if
// !del`.
func findFlagBranches(info *types.Info, fd *ast.FuncDecl, params []*types.Var) flagBranches {
	flagIndex := make(map[*types.Var]int)
	for i, p := range params {
		if b, ok := p.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			flagIndex[p] = i
		}
	}
	if len(flagIndex) == 0 {
		return nil
	}
	var out flagBranches
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						delete(flagIndex, v) // not a flag the caller alone sets
					}
				}
			}
		case *ast.IfStmt:
			if v, when, ok := flagTest(info, n.Cond); ok {
				out = append(out, flagBranch{block: n.Body, flag: -1, when: when}.of(v, flagIndex))
				if els, ok := n.Else.(*ast.BlockStmt); ok {
					out = append(out, flagBranch{block: els, flag: -1, when: !when}.of(v, flagIndex))
				}
			}
		}
		return true
	})
	// Keep the branches on a parameter never assigned in the body.
	return slices.DeleteFunc(out, func(b flagBranch) bool {
		if b.flag < 0 {
			return true
		}
		_, still := flagIndex[params[b.flag]]
		return !still
	})
}

// of sets b's flag to v's index, when v is a bool parameter.
func (b flagBranch) of(v *types.Var, flagIndex map[*types.Var]int) flagBranch {
	if i, ok := flagIndex[v]; ok {
		b.flag = i
	}
	return b
}

// flagTest returns the variable cond tests alone (`del`, `!del`) and the
// value that makes cond true.
func flagTest(info *types.Info, cond ast.Expr) (*types.Var, bool, bool) {
	when := true
	e := ast.Unparen(cond)
	for {
		u, ok := e.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		when, e = !when, ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false, false
	}
	v, ok := info.Uses[id].(*types.Var)
	return v, when, ok
}

// guard returns the mutation of param made at at: under the innermost
// flag branch around it, or always.
func (bs flagBranches) guard(param int, at ast.Node) Mutation {
	m := Mutation{Param: param, Flag: -1}
	var inner *ast.BlockStmt
	for _, b := range bs {
		if b.flag < 0 || at.Pos() < b.block.Pos() || at.End() > b.block.End() {
			continue
		}
		if inner == nil || b.block.Pos() >= inner.Pos() {
			inner, m.Flag, m.When = b.block, b.flag, b.when
		}
	}
	return m
}
