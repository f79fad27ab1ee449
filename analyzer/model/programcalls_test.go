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
// by name or through an interface the method's type implements, and which
// functions may be called from where the code does not say (a value, a
// method of a type handed to another module as an interface with it, an
// interface method used as a value, a promoted method, a root). A value
// taken in a file the graph is not given (a test helper's) counts for
// nothing.
func TestProgramCalls(t *testing.T) {
	const src = `package p

import "sort"

type Store struct{}

func (s *Store) Helper()  {}
func (s *Store) Handed()  {}
func (s *Store) Run()     {}
func (s *Store) Chained() { s.Helper() }

type runner interface{ Run() }

type stopper interface {
	Run()
	Stop()
}

type Job struct{}

func (j *Job) Run()   {}
func (j *Job) Stop()  {}
func (j *Job) Pause() {}

type pauser interface{ Pause() }

type byName []string

func (b byName) Len() int           { return len(b) }
func (b byName) Less(i, j int) bool { return b[i] < b[j] }
func (b byName) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type Inner struct{}

func (i *Inner) Stop() {}

type Outer struct{ *Inner }

func (o *Outer) Run() {}

func Controller(s *Store, r runner) {
	s.Helper()
	s.Chained()
	f := s.Handed
	f()
	r.Run()
}

func Loop(st stopper, p pauser, names []string) {
	st.Stop()
	sort.Sort(byName(names))
	g := p.Pause
	g()
}

func Twice() {}

func Direct(j *Job) {
	j.Pause()
	Twice()
}

func Later() {
	h := Twice
	h()
}

var initialised = newThing()

func newThing() int { return 0 }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	helperFile, err := parser.ParseFile(fset, "helper.go", "package p\n\nfunc testOnly() { k := (*Store).Chained; _ = k }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Instances: map[*ast.Ident]types.Instance{}}
	if _, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f, helperFile}, info); err != nil {
		t.Fatal(err)
	}
	g := newProgramCalls(map[string]bool{"p": true})
	g.addPackage(info, []*ast.File{f})
	helper, chained, controller := FuncID{"p", "Store", "Helper"}, FuncID{"p", "Store", "Chained"}, FuncID{"p", "", "Controller"}
	loop, jobStop := FuncID{"p", "", "Loop"}, FuncID{"p", "Job", "Stop"}
	for fn, want := range map[FuncID][]FuncID{
		helper:                   {chained, controller},
		{"p", "Store", "Run"}:    {controller}, // through runner
		jobStop:                  {loop},       // through stopper
		{"p", "Job", "Run"}:      {controller}, // through runner (and stopper, which nobody calls Run on)
		{"p", "Store", "Handed"}: nil,
		{"p", "", "Twice"}:       {{"p", "", "Direct"}},
		{"p", "Job", "Pause"}:    {{"p", "", "Direct"}},
	} {
		if got := g.callersOf(fn); !sameSet(got, want) {
			t.Errorf("callers of %v = %v, want %v", fn, got, want)
		}
	}
	for fn, open := range map[FuncID]bool{
		helper:                   false, // called by name only
		chained:                  false, // (*Store).Chained is a value only in helper.go
		{"p", "", "Twice"}:       true,  // called, and a value in Later
		{"p", "Store", "Run"}:    false, // runner.Run reaches it, from Controller
		jobStop:                  false, // stopper.Stop reaches it, from Loop
		{"p", "Store", "Handed"}: true,  // a method value
		{"p", "Job", "Pause"}:    true,  // called, and p.Pause is a method value of pauser
		{"p", "byName", "Less"}:  true,  // sort.Sort calls it
		{"p", "Inner", "Stop"}:   true,  // promoted into Outer, which stopper.Stop may reach
		controller:               true,  // nobody calls it: a root
		{"p", "", "newThing"}:    true,  // a package initialiser calls it
	} {
		if got := g.openCallers(fn); got != open {
			t.Errorf("openCallers(%v) = %v, want %v", fn, got, open)
		}
	}
	if got := helper.owner(); got != "p.Store" {
		t.Errorf("receiver of Helper = %q, want p.Store", got)
	}
	if got := len(g.takeCalls()); got != 9 {
		t.Errorf("%d calls with a known callee kept for the evidence, want 9 (Helper twice, Chained, Run, Stop, Sort, Pause, Twice, newThing; f's, g's and h's callees are not known, len and a conversion are no functions)", got)
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
