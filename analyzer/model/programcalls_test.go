package model

import (
	"cmp"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
)

// TestProgramCalls: the program's call graph knows who calls a function
// by name, and which functions may be called from where the code does not
// say (a value, a method an interface call of its name may reach, a root).
func TestProgramCalls(t *testing.T) {
	const src = `package p

type Store struct{}

func (s *Store) Helper()  {}
func (s *Store) Handed()  {}
func (s *Store) Run()     {}
func (s *Store) Chained() { s.Helper() }

type runner interface{ Run() }

func Controller(s *Store, r runner) {
	s.Helper()
	s.Chained()
	f := s.Handed
	f()
	r.Run()
}

var initialised = newThing()

func newThing() int { return 0 }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Instances: map[*ast.Ident]types.Instance{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	g := newProgramCalls()
	g.add(info, f)
	helper, chained, controller := FuncID{"p", "Store", "Helper"}, FuncID{"p", "Store", "Chained"}, FuncID{"p", "", "Controller"}
	if got, want := g.callers[helper], []FuncID{chained, controller}; !sameSet(got, want) {
		t.Errorf("callers of Helper = %v, want %v", got, want)
	}
	for fn, open := range map[FuncID]bool{
		helper:                   false, // called by name only
		chained:                  false,
		{"p", "Store", "Handed"}: true, // a method value
		{"p", "Store", "Run"}:    true, // runner.Run may reach it
		controller:               true, // nobody calls it: a root
		{"p", "", "newThing"}:    true, // a package initialiser calls it
	} {
		if got := g.openCallers(fn); got != open {
			t.Errorf("openCallers(%v) = %v, want %v", fn, got, open)
		}
	}
	if got := helper.owner(); got != "p.Store" {
		t.Errorf("receiver of Helper = %q, want p.Store", got)
	}
	if got := len(g.takeCalls()); got != 5 {
		t.Errorf("%d calls with a known callee kept for the evidence, want 5 (Helper twice, Chained, Run, newThing; f's callee is not known)", got)
	}
}

func sameSet(got, want []FuncID) bool {
	byName := func(a, b FuncID) int { return cmp.Compare(a.recv+"."+a.name, b.recv+"."+b.name) }
	got, want = slices.Clone(got), slices.Clone(want)
	slices.SortFunc(got, byName)
	slices.SortFunc(want, byName)
	return slices.Equal(slices.Compact(got), want)
}

// TestHarsher: the grade of a write reached from several controllers is
// the harshest of theirs.
func TestHarsher(t *testing.T) {
	event := consequence.Evidence{Grade: consequence.UntilEvent}
	resync := func(d int) consequence.Evidence {
		return consequence.Evidence{Grade: consequence.UntilResync, Period: time.Duration(d) * time.Minute}
	}
	for _, c := range []struct {
		grades []consequence.Evidence
		want   consequence.Evidence
	}{
		{[]consequence.Evidence{event}, event},
		{[]consequence.Evidence{event, resync(10)}, resync(10)},
		{[]consequence.Evidence{resync(10), event}, resync(10)},
		{[]consequence.Evidence{resync(10), resync(30)}, resync(30)},
		{[]consequence.Evidence{resync(30), resync(10)}, resync(30)},
		{[]consequence.Evidence{resync(10), resync(0)}, resync(0)}, // a period not known is the longest
		{[]consequence.Evidence{resync(0), resync(10)}, resync(0)},
	} {
		var worst *consequence.Evidence
		for _, g := range c.grades {
			worst = consequence.Harsher(worst, g)
		}
		if *worst != c.want {
			t.Errorf("harshest of %v = %v, want %v", c.grades, *worst, c.want)
		}
	}
}
