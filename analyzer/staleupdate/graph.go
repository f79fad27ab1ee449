package staleupdate

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
)

// loc is the place of a graph node: its block and index.
type loc struct {
	b *cfg.Block
	i int
}

// fnGraph is one function's control-flow graph with the writes and reads
// of the objects it writes placed on its nodes.
type fnGraph struct {
	fn     ast.Node
	body   *ast.BlockStmt
	g      *cfg.CFG
	writes map[ast.Node][]*model.Write    // graph node -> the function's writes in it
	reads  map[ast.Node][]upstream.Object // graph node -> objects it refreshes
	at     map[*model.Write]loc
	tagged map[ast.Node]ast.Expr // case values of tagged switches (not conditions) -> the tag
	flags  *flagVars
	// flagsIn holds the flags known on entry to each block, whatever the
	// path (flags.go).
	flagsIn map[*cfg.Block]flagState
	// deferred are the writes of the literals the function defers.
	deferred []deferredWrite
	preds    map[*cfg.Block]int
	nodes    []loc // every node, for lookups by position
}

// newGraph builds (through the shared tracer, which memoises and counts)
// the graph of fw.fn and places its writes and reads.
func (c *checker) newGraph(fw funcWrites) *fnGraph {
	body := syntax.FuncBody(fw.fn)
	fg := &fnGraph{
		fn:       fw.fn,
		body:     body,
		g:        c.tracer.CFG(body),
		writes:   make(map[ast.Node][]*model.Write),
		reads:    make(map[ast.Node][]upstream.Object),
		at:       make(map[*model.Write]loc),
		tagged:   taggedCases(body),
		preds:    make(map[*cfg.Block]int),
		deferred: fw.deferred,
	}
	for _, b := range fg.g.Blocks {
		for i := range b.Nodes {
			fg.nodes = append(fg.nodes, loc{b, i})
		}
		if b.Live {
			for _, s := range b.Succs {
				fg.preds[s]++
			}
		}
	}
	fg.flags = newFlagVars(c.pass.TypesInfo, body)
	fg.flagsIn = fg.flags.entryStates(fg.g, func(b *cfg.Block) ast.Expr { return fg.condOf(b, c.pass.TypesInfo) })
	for _, w := range fw.writes {
		if l, ok := fg.locate(w.Call); ok {
			fg.at[w] = l
			n := l.b.Nodes[l.i]
			fg.writes[n] = append(fg.writes[n], w)
			if w.Kind == upstream.WriteCreateOrUpdate {
				fg.reads[n] = append(fg.reads[n], w.Object) // it Gets the object first
			}
		}
	}
	written := func(o upstream.Object) bool {
		for _, w := range fw.writes {
			if w.Object.Same(o) {
				return true
			}
		}
		return false
	}
	// The model's reads include calls of read helpers (this package's and,
	// through facts, other packages').
	for _, r := range c.res.Reads() {
		if syntax.Within(r.Node, fw.fn) && written(r.Object) {
			fg.addRead(r.Node, r.Object)
		}
	}
	return fg
}

func (fg *fnGraph) addRead(n ast.Node, o upstream.Object) {
	if l, ok := fg.locate(n); ok {
		gn := l.b.Nodes[l.i]
		fg.reads[gn] = append(fg.reads[gn], o)
	}
}

// locate finds the graph node that contains n.
func (fg *fnGraph) locate(n ast.Node) (loc, bool) {
	for _, l := range fg.nodes {
		m := l.b.Nodes[l.i]
		if m.Pos() <= n.Pos() && n.End() <= m.End() {
			return l, true
		}
	}
	return loc{}, false
}

// writeOf returns the write of obj in graph node n, or nil.
func (fg *fnGraph) writeOf(n ast.Node, obj upstream.Object) *model.Write {
	for _, w := range fg.writes[n] {
		if w.Object.Same(obj) {
			return w
		}
	}
	return nil
}

// refreshes reports whether graph node n re-reads obj.
func (fg *fnGraph) refreshes(n ast.Node, obj upstream.Object) bool {
	for _, o := range fg.reads[n] {
		if o.Same(obj) {
			return true
		}
	}
	return false
}

// condOf returns the boolean condition that ends a two-way block, or nil.
func (fg *fnGraph) condOf(b *cfg.Block, info *types.Info) ast.Expr {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	e, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	if !ok || fg.tagged[e] != nil {
		return nil
	}
	if t, ok := typeinfo.UnderOf(info, e).(*types.Basic); !ok || t.Info()&types.IsBoolean == 0 {
		return nil
	}
	return e
}

// taggedCases maps the case values of switches with a tag to the tag: the
// graph holds them as conditions, but they are compared with the tag.
func taggedCases(body *ast.BlockStmt) map[ast.Node]ast.Expr {
	m := make(map[ast.Node]ast.Expr)
	ast.Inspect(body, func(n ast.Node) bool {
		if sw, ok := n.(*ast.SwitchStmt); ok && sw.Tag != nil {
			for _, s := range sw.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					m[e] = sw.Tag
				}
			}
		}
		return true
	})
	return m
}

// caseTag returns the tag of the switch whose case value ends block b, or
// nil.
func (fg *fnGraph) caseTag(b *cfg.Block) ast.Expr {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	return fg.tagged[b.Nodes[len(b.Nodes)-1]]
}

// flagsAt returns the flags known just after graph node l.
func (fg *fnGraph) flagsAt(l loc) flagState { return fg.flags.at(fg.flagsIn, l) }
