package pathwalk

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/cfg"
)

// graphOf returns the control-flow graph of the function f in src.
func graphOf(t *testing.T, src string) *cfg.CFG {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\n"+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	fd := f.Decls[0].(*ast.FuncDecl)
	return cfg.New(fd.Body, func(*ast.CallExpr) bool { return true })
}

// stepper moves a path one node on, or to every successor at a block's
// end, keeping in its state whether it passed the node `mark()`.
func stepper(steps *int) func(Point[bool]) []Point[bool] {
	return func(p Point[bool]) []Point[bool] {
		*steps++
		if p.Index < len(p.Block.Nodes) {
			marked := p.State
			if es, ok := p.Block.Nodes[p.Index].(*ast.ExprStmt); ok {
				if call, ok := es.X.(*ast.CallExpr); ok && call.Fun.(*ast.Ident).Name == "mark" {
					marked = true
				}
			}
			return []Point[bool]{{p.Block, p.Index + 1, marked}}
		}
		var out []Point[bool]
		for _, s := range p.Block.Succs {
			out = append(out, Point[bool]{Block: s, State: p.State})
		}
		return out
	}
}

// TestWalkVisitsEachPointOncePerState walks a loop whose body may set the
// state: the loop's points are visited once unmarked and once marked, and
// the walk ends although the loop does not.
func TestWalkVisitsEachPointOncePerState(t *testing.T) {
	g := graphOf(t, `func f(c bool) { for { if c { mark() }; work() } }`)
	steps := 0
	visits := map[Point[bool]]int{}
	step := stepper(&steps)
	w := Walker[bool, bool]{Key: func(s bool) bool { return s }, Step: func(p Point[bool]) []Point[bool] {
		visits[p]++
		return step(p)
	}}
	if !w.Walk(Point[bool]{Block: g.Blocks[0]}) {
		t.Fatal("the walk stopped although it had no budget")
	}
	marked := 0
	for p, n := range visits {
		if n != 1 {
			t.Errorf("point %d:%d (marked %v) visited %d times, want once", p.Block.Index, p.Index, p.State, n)
		}
		if p.State {
			marked++
		}
	}
	if marked == 0 || marked == len(visits) {
		t.Errorf("%d of %d visits marked, want some of each: the states are told apart", marked, len(visits))
	}
}

// TestWalkStopsAtItsBudget checks that a walk with more steps than its
// budget reports that it stopped, and takes no step past the budget.
func TestWalkStopsAtItsBudget(t *testing.T) {
	g := graphOf(t, `func f(a, b, c bool) { if a { mark() }; if b { work() }; if c { work() } }`)
	all := 0
	Walker[bool, bool]{Key: func(s bool) bool { return s }, Step: stepper(&all)}.Walk(Point[bool]{Block: g.Blocks[0]})
	steps := 0
	if (Walker[bool, bool]{Key: func(s bool) bool { return s }, Step: stepper(&steps), Budget: all - 1}).Walk(Point[bool]{Block: g.Blocks[0]}) {
		t.Errorf("a walk of %d steps with a budget of %d reported it was complete", all, all-1)
	}
	if steps != all-1 {
		t.Errorf("%d steps taken, want the budget, %d", steps, all-1)
	}
}
