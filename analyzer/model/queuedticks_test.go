package model

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestQueuedTicksWithoutTypes: a tick that ranges over a list whose type
// is unknown (its package did not load, as scheduler-plugins' without
// k8s.io/kubernetes) queues nothing the pass can follow, nor does a
// worker that ranges over a channel of unknown type, and the pass goes
// on: it once failed on the range's missing type.
func TestQueuedTicksWithoutTypes(t *testing.T) {
	const src = `package p

import (
	"time"

	"example.com/missing/lister"
)

type C struct {
	l lister.Lister
	q chan int
}

func (c *C) run() {
	for {
		select {
		case <-time.After(time.Minute):
			for _, x := range c.l.List() {
				c.q <- x
			}
		}
	}
}

func (c *C) work() {
	for x := range c.l.Events() {
		_ = x
	}
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	typeErrors := 0
	pkg, _ := (&types.Config{Importer: importer.Default(), Error: func(error) { typeErrors++ }}).Check("p", fset, []*ast.File{f}, info)
	if typeErrors == 0 {
		t.Fatal("the source type-checks: the test needs a missing package")
	}
	ticks := findQueuedTicks([]ProgramPackage{{Pkg: pkg, Info: info, Files: []*ast.File{f}, Fset: fset}})
	if ticks != nil && len(ticks.sites) > 0 {
		t.Errorf("%d queued sites found behind a list of unknown type, want none", len(ticks.sites))
	}
}
