package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A resync period is often not a constant but a variable that holds one
// value for the whole run: set once from constants, or bound to a
// command-line flag (flag or spf13/pflag) and read at the flag's default.
// A user may pass another period; the grade is the one the program runs
// with when nobody does, as it is for every other default this model
// assumes. knownValues finds those variables in a set of files, and only
// variables declared in them: a package-level variable seen from one
// function may be assigned anywhere in its package.
type knownValues struct {
	info     *types.Info
	declared func(token.Pos) bool
	assigned map[*types.Var]int
	rhs      map[*types.Var]ast.Expr       // the value of a variable's one assignment (nil when not an expression of its own)
	flagged  map[*types.Var]constant.Value // the default of the flag bound to a variable (flag.IntVar(&v, ...))
	visiting map[*types.Var]bool
	// function is set for the variables of one function: a declaration
	// without a value sets the zero value (it may be read before a later
	// assignment; a package-level one is set before the run is under
	// way), and a variable whose address is taken (addressed) may change
	// through it.
	function  bool
	addressed map[*types.Var]bool
}

// flagKinds are the flag types whose defaults a period is computed from.
var flagKinds = map[string]bool{"Int": true, "Int64": true, "Uint": true, "Uint64": true, "Duration": true, "Float64": true}

// findKnownValues finds the variables with one value among those
// declared in files.
func findKnownValues(info *types.Info, files []*ast.File) *knownValues {
	var decls []ast.Node
	for _, f := range files {
		for _, d := range f.Decls {
			decls = append(decls, d)
		}
	}
	return knownValuesIn(info, decls, false)
}

// functionValues finds the variables with one value among those declared
// in decl, a function.
func functionValues(info *types.Info, decl *ast.FuncDecl) *knownValues {
	return knownValuesIn(info, []ast.Node{decl}, true)
}

// knownValuesIn finds the variables with one value among those declared
// in nodes, a function's when function is set.
func knownValuesIn(info *types.Info, nodes []ast.Node, function bool) *knownValues {
	k := &knownValues{info: info, assigned: map[*types.Var]int{}, rhs: map[*types.Var]ast.Expr{},
		flagged: map[*types.Var]constant.Value{}, visiting: map[*types.Var]bool{},
		function: function, addressed: map[*types.Var]bool{}}
	var spans [][2]token.Pos
	for _, n := range nodes {
		spans = append(spans, [2]token.Pos{n.Pos(), n.End()})
		ast.Inspect(n, k.note)
	}
	k.declared = func(pos token.Pos) bool {
		for _, s := range spans {
			if s[0] <= pos && pos < s[1] {
				return true
			}
		}
		return false
	}
	return k
}

// note counts the assignments n makes and keeps their values.
func (k *knownValues) note(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			var value ast.Expr
			if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
				value = n.Rhs[i]
			}
			k.assign(l, value)
		}
	case *ast.ValueSpec:
		if len(n.Values) > 0 || k.function {
			for i, id := range n.Names {
				var value ast.Expr
				if len(n.Names) == len(n.Values) {
					value = n.Values[i]
				}
				k.assign(id, value)
			}
		}
	case *ast.IncDecStmt:
		k.assign(n.X, nil)
	case *ast.RangeStmt:
		if n.Tok != token.ILLEGAL {
			k.assign(n.Key, nil)
			k.assign(n.Value, nil)
		}
	case *ast.CallExpr:
		k.noteFlagVar(n)
	case *ast.UnaryExpr:
		if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && k.function && n.Op == token.AND {
			if v, ok := k.info.Uses[id].(*types.Var); ok {
				k.addressed[v] = true
			}
		}
	}
	return true
}

// assign counts one assignment of the variable lhs names (of the pointer
// it dereferences: `*p = d` changes what p points to).
func (k *knownValues) assign(lhs, value ast.Expr) {
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if v, ok := k.info.ObjectOf(l).(*types.Var); ok {
			k.assigned[v]++
			k.rhs[v] = value
		}
	case *ast.StarExpr:
		k.assign(l.X, nil)
	}
}

// noteFlagVar records the default of a flag bound to a variable:
// flag.IntVar(&v, name, default, usage), fs.DurationVarP(&v, name, short,
// default, usage).
func (k *knownValues) noteFlagVar(c *ast.CallExpr) {
	kind, bound := flagFunc(upstream.Callee(k.info, c))
	if kind == "" || !bound || len(c.Args) < 3 {
		return
	}
	addr, ok := ast.Unparen(c.Args[0]).(*ast.UnaryExpr)
	if !ok || addr.Op != token.AND {
		return
	}
	id, ok := ast.Unparen(addr.X).(*ast.Ident)
	if !ok {
		return
	}
	if v, ok := k.info.ObjectOf(id).(*types.Var); ok {
		k.assigned[v]++
		if d := k.eval(c.Args[len(c.Args)-2]); d != nil {
			k.flagged[v] = d
		}
	}
}

// flagFunc returns the kind of flag fn defines (Int, Duration, ...) and
// whether it binds a variable (IntVar) rather than returning a pointer
// (Int); "" for a function that defines none of flagKinds.
func flagFunc(fn *types.Func) (kind string, bound bool) {
	if fn == nil || fn.Pkg() == nil {
		return "", false
	}
	if path := fn.Pkg().Path(); path != "flag" && path != "github.com/spf13/pflag" {
		return "", false
	}
	name := strings.TrimSuffix(fn.Name(), "P")
	name, bound = strings.CutSuffix(name, "Var")
	if !flagKinds[name] {
		return "", false
	}
	return name, bound
}

// valueOf returns the one value v holds, or nil.
func (k *knownValues) valueOf(v *types.Var) constant.Value {
	if k.assigned[v] != 1 || k.addressed[v] || !k.declared(v.Pos()) || k.visiting[v] {
		return nil
	}
	if d, ok := k.flagged[v]; ok {
		return d
	}
	k.visiting[v] = true
	defer delete(k.visiting, v)
	return k.eval(k.rhs[v])
}

// pointeeOf returns the one value pointer p points to: p is set once to
// &x or to a flag constructor's result (flag.Duration(name, default,
// usage)), and never written through.
func (k *knownValues) pointeeOf(p *types.Var) constant.Value {
	if k.assigned[p] != 1 || !k.declared(p.Pos()) {
		return nil
	}
	switch r := ast.Unparen(k.rhs[p]).(type) {
	case *ast.UnaryExpr:
		if id, ok := ast.Unparen(r.X).(*ast.Ident); ok && r.Op == token.AND {
			if x, ok := k.info.ObjectOf(id).(*types.Var); ok {
				return k.valueOf(x)
			}
		}
	case *ast.CallExpr:
		if kind, bound := flagFunc(upstream.Callee(k.info, r)); kind != "" && !bound && len(r.Args) >= 3 {
			return k.eval(r.Args[len(r.Args)-2])
		}
	}
	return nil
}

// eval returns the value of e, an expression of constants, conversions
// and variables with one value, or nil.
func (k *knownValues) eval(e ast.Expr) constant.Value {
	if e == nil {
		return nil
	}
	if v := k.info.Types[e].Value; v != nil {
		return v
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := k.info.ObjectOf(e).(*types.Var); ok {
			return k.valueOf(v)
		}
	case *ast.StarExpr:
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
			if p, ok := k.info.ObjectOf(id).(*types.Var); ok {
				return k.pointeeOf(p)
			}
		}
	case *ast.CallExpr:
		if len(e.Args) == 1 && k.info.Types[e.Fun].IsType() {
			return k.eval(e.Args[0])
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD || e.Op == token.SUB || e.Op == token.MUL {
			x, y := k.eval(e.X), k.eval(e.Y)
			if x != nil && y != nil && numeric(x) && numeric(y) {
				return constant.BinaryOp(x, e.Op, y)
			}
		}
	}
	return nil
}

func numeric(v constant.Value) bool {
	return v.Kind() == constant.Int || v.Kind() == constant.Float
}

// durationValue converts a value to a duration (nanoseconds), 0 when it
// is none or not positive.
func durationValue(v constant.Value) time.Duration {
	if v == nil || !numeric(v) {
		return 0
	}
	if d, ok := constant.Int64Val(constant.ToInt(v)); ok && d > 0 {
		return time.Duration(d)
	}
	return 0
}
