package staleupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
)

// Flags carry a failure's consequence to a later test: `performGet = true`
// before a write makes the loop's next turn re-read (`if performGet {
// Get }`), `if IsConflict(err) { refetch = true }` keeps a later write
// from running (`if !refetch { UpdateStatus }`). The walk follows, on each
// path, the boolean variables a function sets to a constant: a must-constant
// dataflow gives their values at the first write, and the walk updates
// them along its own path and prunes the branch a known flag rules out.

// maxFlags bounds the variables followed in one function (one bit each).
const maxFlags = 64

// flagVars numbers the boolean variables the function assigns a constant
// to, neither address-taken nor assigned in a nested function literal.
type flagVars struct {
	info *types.Info
	bit  map[*types.Var]uint
	// counter marks the variables of bit that are counters (counters.go).
	counter map[*types.Var]bool
	next    uint // the first bit no variable has
}

// flagState is what a path knows of the flags: the bits of known is set
// for each flag whose value, in val, is known.
type flagState struct{ known, val uint64 }

// newFlagVars finds the flags of body.
func newFlagVars(info *types.Info, body *ast.BlockStmt) *flagVars {
	fv := &flagVars{info: info, bit: make(map[*types.Var]uint), counter: make(map[*types.Var]bool)}
	excluded := make(map[*types.Var]bool)
	inspectNesting(body, func(m ast.Node, nested bool) {
		switch m := m.(type) {
		case *ast.UnaryExpr:
			if m.Op == token.AND {
				if v := fv.boolVar(m.X); v != nil {
					excluded[v] = true
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range m.Lhs {
				v := fv.boolVar(lhs)
				switch {
				case v == nil:
				case nested:
					excluded[v] = true
				case len(m.Lhs) == len(m.Rhs) && truth.Const(fv.info, m.Rhs[i]).Known():
					fv.add(v)
				}
			}
		}
	})
	for v := range excluded {
		delete(fv.bit, v)
	}
	for _, b := range fv.bit {
		fv.next = max(fv.next, b+1)
	}
	fv.findCounters(body)
	return fv
}

func (fv *flagVars) add(v *types.Var) {
	if _, ok := fv.bit[v]; !ok && len(fv.bit) < maxFlags {
		fv.bit[v] = uint(len(fv.bit))
	}
}

// inspectNesting calls visit on every node of body but function literals,
// telling whether the node is inside one (a variable assigned there may
// change whenever the literal runs).
func inspectNesting(body *ast.BlockStmt, visit func(n ast.Node, nested bool)) {
	var walk func(n ast.Node, nested bool)
	walk = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if lit, ok := m.(*ast.FuncLit); ok {
				walk(lit.Body, true)
				return false
			}
			if m != nil {
				visit(m, nested)
			}
			return true
		})
	}
	walk(body, false)
}

// boolVar returns the local boolean variable e names, or nil.
func (fv *flagVars) boolVar(e ast.Expr) *types.Var { return fv.localVar(e, types.IsBoolean) }

// localVar returns the local variable e names, or nil, when its type's
// basic info has kind.
func (fv *flagVars) localVar(e ast.Expr, kind types.BasicInfo) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := fv.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Info()&kind == 0 {
		return nil
	}
	return v
}

// flagOf returns the bit of the flag e names.
func (fv *flagVars) flagOf(e ast.Expr) (uint, bool) {
	v := fv.boolVar(e)
	if v == nil {
		return 0, false
	}
	b, ok := fv.bit[v]
	return b, ok
}

func (s flagState) set(b uint, val bool) flagState {
	s.known |= 1 << b
	if val {
		s.val |= 1 << b
	} else {
		s.val &^= 1 << b
	}
	return s
}

func (s flagState) forget(b uint) flagState {
	s.known &^= 1 << b
	s.val &^= 1 << b
	return s
}

// meet keeps the flags two states agree on.
func (s flagState) meet(t flagState) flagState {
	known := s.known & t.known &^ (s.val ^ t.val)
	return flagState{known, s.val & known}
}

// transfer applies graph node n to s: a flag assigned a constant is known,
// one assigned anything else is not. A `var f bool` is false.
func (fv *flagVars) transfer(n ast.Node, s flagState) flagState {
	if len(fv.bit) == 0 {
		return s
	}
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			s = fv.countStep(m, s)
		case *ast.AssignStmt:
			for i, lhs := range m.Lhs {
				if b, ok := fv.flagOf(lhs); ok {
					s = fv.assign(s, b, m.Lhs, m.Rhs, i)
				}
			}
			s = fv.countStep(m, s)
		case *ast.ValueSpec:
			s = fv.countStep(m, s)
			for i, id := range m.Names {
				if b, ok := fv.flagOf(id); ok {
					if len(m.Values) == 0 {
						s = s.set(b, false)
					} else {
						s = fv.assign(s, b, nil, m.Values, i)
					}
				}
			}
		}
		return true
	})
	return s
}

// assign gives flag b the value of rhs[i] when it is a constant and the
// assignment is one to one.
func (fv *flagVars) assign(s flagState, b uint, lhs, rhs []ast.Expr, i int) flagState {
	if (lhs == nil || len(lhs) == len(rhs)) && i < len(rhs) {
		if v := truth.Const(fv.info, rhs[i]); v.Known() {
			return s.set(b, v == truth.True)
		}
	}
	return s.forget(b)
}

// test evaluates cond with the flags s knows: Unknown when it depends on
// anything else.
func (fv *flagVars) test(cond ast.Expr, s flagState) truth.Value {
	return truth.Eval(fv.info, cond, fv.judge(&s))
}

// assume records what taking a branch teaches about the flags: their
// values where cond, tested with the flags *s knows, implies them (`if
// f`, `if !f && g`).
func (fv *flagVars) assume(cond ast.Expr, val bool, s flagState) flagState {
	truth.Assume(fv.info, cond, val, fv.judge(&s), func(l truth.Leaf, holds bool) {
		if b, ok := fv.bit[l.Var]; ok {
			s = s.set(b, holds)
		}
	})
	return s
}

// judge answers what *s knows of a flag; anything else is unknown. It
// reads *s when asked, so that assume's later questions see what its
// earlier leaves taught.
func (fv *flagVars) judge(s *flagState) truth.Judge {
	return func(l truth.Leaf) truth.Value {
		if b, ok := fv.bit[l.Var]; ok && s.known&(1<<b) != 0 {
			return truth.Of(s.val&(1<<b) != 0)
		}
		if l.Var == nil && l.NonNil == nil {
			if v, known := fv.compare(l.Expr, *s); known {
				return truth.Of(v)
			}
		}
		return truth.Unknown
	}
}

// entryStates runs the must-constant dataflow over g: the flags known on
// entry to each reachable block, whatever path led there.
// condOf gives the boolean condition that ends a two-way block, if any.
func (fv *flagVars) entryStates(g *cfg.CFG, condOf func(*cfg.Block) ast.Expr) map[*cfg.Block]flagState {
	in := make(map[*cfg.Block]flagState)
	if len(fv.bit) == 0 || len(g.Blocks) == 0 {
		return in
	}
	entry := g.Blocks[0]
	in[entry] = flagState{}
	work := []*cfg.Block{entry}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		out := in[b]
		for _, n := range b.Nodes {
			out = fv.transfer(n, out)
		}
		cond := condOf(b)
		for i, succ := range b.Succs {
			next := out
			if cond != nil {
				next = fv.assume(cond, i == 0, out)
			}
			old, seen := in[succ]
			if seen {
				next = old.meet(next)
			}
			if !seen || next != old {
				in[succ] = next
				work = append(work, succ)
			}
		}
	}
	return in
}

// at returns the flags known just after graph node l.
func (fv *flagVars) at(in map[*cfg.Block]flagState, l loc) flagState {
	s := in[l.b]
	for _, n := range l.b.Nodes[:l.i+1] {
		s = fv.transfer(n, s)
	}
	return s
}
