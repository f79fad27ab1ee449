package fate

import (
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// CFG returns the control-flow graph of body. The stages keep each graph
// they build. Once the tracer is frozen it keeps no more, so that the
// checks sharing it only ever read it: a body without a graph (one Freeze
// was not given) gets a graph of its own at each call.
func (t *Tracer) CFG(body *ast.BlockStmt) *cfg.CFG {
	if g, ok := t.graphs[body]; ok {
		return g
	}
	g := cfg.New(body, t.k.mayReturn)
	if !t.frozen {
		t.graphs[body] = g
	}
	return g
}

// mayReturn reports whether a call can return; calls that end the program
// end their path in the graph.
func (k *knowledge) mayReturn(call *ast.CallExpr) bool {
	if b := upstream.CalledBuiltin(k.info, call); b != "" {
		return b != "panic"
	}
	fn := upstream.Callee(k.info, call)
	return fn == nil || !isFatal(fn) && !upstream.TestEndFuncs[upstream.FuncKeyOf(fn)] && k.endsOf(fn) == 0
}

// reachingUses returns the uses of v that the definition def reaches: those
// on a path from def that does not pass another assignment to v.
func (t *Tracer) reachingUses(body *ast.BlockStmt, def ast.Node, v *types.Var) map[*ast.Ident]bool {
	uses := make(map[*ast.Ident]bool)
	if body == nil {
		return uses
	}
	g := t.CFG(body)
	start, at := findNode(g, def)
	if start == nil {
		return uses
	}
	// scan adds the uses in nodes and reports whether v is redefined there.
	scan := func(nodes []ast.Node) bool {
		for _, n := range nodes {
			usesIn(t.k.info, n, v, uses)
			if defines(t.k.info, n, v) {
				return true
			}
		}
		return false
	}
	if !scan(start.Nodes[at+1:]) {
		visitFrom(start.Succs, func(b *cfg.Block) bool { return !scan(b.Nodes) })
	}
	return uses
}

// visitFrom visits, breadth first and each once, the blocks reachable
// from first; it goes on past a block only when visit says so.
func visitFrom(first []*cfg.Block, visit func(b *cfg.Block) (goOn bool)) {
	seen := make(map[*cfg.Block]bool)
	queue := append([]*cfg.Block(nil), first...)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		if visit(b) {
			queue = append(queue, b.Succs...)
		}
	}
}

// findNode locates n among the nodes of g's live blocks.
func findNode(g *cfg.CFG, n ast.Node) (*cfg.Block, int) {
	for _, b := range g.Blocks {
		for i, m := range b.Nodes {
			if m == n {
				return b, i
			}
		}
	}
	return nil, 0
}

// usesIn adds to uses the identifiers in n that read v. The plain
// identifiers assigned on the left of an assignment are writes, not reads.
func usesIn(info *types.Info, n ast.Node, v *types.Var, uses map[*ast.Ident]bool) {
	written := make(map[*ast.Ident]bool)
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok {
					written[id] = true
				}
			}
		case *ast.Ident:
			if !written[n] && info.Uses[n] == v {
				uses[n] = true
			}
		}
		return true
	})
}

// isResultOfEnclosing reports whether v is a named result of a function
// around cur (a deferred literal that sets the outer function's retErr).
func isResultOfEnclosing(info *types.Info, cur inspector.Cursor, v *types.Var) bool {
	for enc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		ft := syntax.FuncType(enc.Node())
		if ft == nil || ft.Results == nil {
			continue
		}
		for _, field := range ft.Results.List {
			for _, name := range field.Names {
				if info.Defs[name] == v {
					return true
				}
			}
		}
	}
	return false
}

// ReachingUses returns the identifiers in body that read v on a path from
// its definition def (an assignment or var spec that is a statement of body,
// not of a nested function) that passes no other assignment to v. It shares
// the tracer's control-flow graphs.
func (t *Tracer) ReachingUses(body *ast.BlockStmt, def ast.Node, v *types.Var) map[*ast.Ident]bool {
	return t.reachingUses(body, def, v)
}
