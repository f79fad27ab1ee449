package model

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// call is one call expression with its resolved callee.
type call struct {
	expr   *ast.CallExpr
	frame  *frame      // the function around the call, or nil
	callee *types.Func // never nil
	// aliased marks a call through a variable or field whose one
	// function the package assigns (see aliasedFunc).
	aliased bool
}

func (c call) site() site { return site{node: c.expr, frame: c.frame} }

// callScan is what the first stage finds in the walked files: the sites,
// every call with a statically known callee, the declarations, and what
// the later stages need to know of function values and conflict checks.
type callScan struct {
	sites     []site // calls, assignments and key-value pairs, in source order
	cursors   *syntax.Cursors
	calls     []call
	functions int // function bodies in the walked files
	decls     *declarations

	funcValues      funcValues                  // see noteFuncValues
	funcVars        map[*types.Var]*ast.FuncLit // f := func(...) {...}
	conflictTesters map[ast.Node]bool           // functions whose body calls IsConflict
	conflictChecks  []*ast.CallExpr
}

// cursor returns the cursor of the call.
func (s *callScan) cursor(c call) inspector.Cursor {
	cur, _ := s.cursors.At(c.expr)
	return cur
}

// funcValues are, for each variable or struct field of a func type, the
// functions and methods the package assigns to it; a nil entry stands for
// something else.
type funcValues map[*types.Var][]*types.Func

// only returns the function assigned to v when the package assigns it
// exactly one (r.promoteFn = r.promote), or nil.
func (fv funcValues) only(v *types.Var) *types.Func {
	if fns := fv[v]; len(fns) == 1 && fns[0] != nil {
		return fns[0].Origin()
	}
	return nil
}

// scanCalls is the first stage: it walks files (the modeled ones of the
// package, whose every file is in pkgFiles) and resolves each call.
func scanCalls(info *types.Info, pkg *types.Package, pkgFiles, files []*ast.File) *callScan {
	s := &callScan{
		cursors:         syntax.NewCursors(files),
		decls:           collectDecls(info, pkg, pkgFiles),
		funcValues:      make(funcValues),
		funcVars:        make(map[*types.Var]*ast.FuncLit),
		conflictTesters: make(map[ast.Node]bool),
	}
	var callSites int
	s.sites, callSites, s.functions = scanSites(info, files)
	sc := callScanner{info: info, pkg: pkg, scan: s}
	sc.noteFuncValues()
	s.calls = sc.collectCalls(callSites)
	return s
}

// callScanner fills a callScan.
type callScanner struct {
	info *types.Info
	pkg  *types.Package
	scan *callScan
}

// collectCalls returns every call with a statically known function or
// method, and records conflict checks and func-literal variables on the
// way. It needs the function values noted first: a call through a
// variable assigned one function is a call of that function.
func (sc callScanner) collectCalls(callSites int) []call {
	s := sc.scan
	calls := make([]call, 0, callSites)
	for _, site := range s.sites {
		switch n := site.node.(type) {
		case *ast.AssignStmt:
			sc.noteFuncVar(n)
		case *ast.CallExpr:
			fn, aliased := upstream.Callee(sc.info, n), false
			if fn == nil {
				fn, aliased = sc.aliasedFunc(n), true
			}
			if fn == nil {
				continue
			}
			calls = append(calls, call{expr: n, frame: site.frame, callee: fn, aliased: aliased})
			if upstream.ConflictChecks[upstream.FuncKeyOf(fn)] {
				s.conflictChecks = append(s.conflictChecks, n)
				for f := site.frame; f != nil; f = f.outer {
					s.conflictTesters[f.fn] = true
				}
			}
		}
	}
	return calls
}

// noteFuncVar remembers `f := func(...) {...}` so that passing f to a retry
// helper makes the literal a retry scope.
func (sc callScanner) noteFuncVar(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, rhs := range as.Rhs {
		lit, ok := ast.Unparen(rhs).(*ast.FuncLit)
		if !ok {
			continue
		}
		if id, ok := as.Lhs[i].(*ast.Ident); ok {
			if v, ok := sc.info.ObjectOf(id).(*types.Var); ok {
				sc.scan.funcVars[v] = lit
			}
		}
	}
}

// noteFuncValues records, for each variable or struct field of a func
// type, the functions and methods the package assigns to it
// (r.promoteFn = r.promote, &T{updateFn: doUpdate}), so that a call
// through one assigned a single function is a call of that function.
func (sc callScanner) noteFuncValues() {
	values := sc.scan.funcValues
	note := func(lhs ast.Expr, rhs ast.Expr) {
		v, ok := sc.info.ObjectOf(lhsIdent(lhs)).(*types.Var)
		if !ok {
			return
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
			return
		}
		fn := upstream.FuncValue(sc.info, rhs)
		if lit, ok := ast.Unparen(rhs).(*ast.FuncLit); ok {
			fn = sc.scan.decls.lift(v, lit)
		}
		if fn == nil || slices.Contains(values[v], fn) {
			if fn == nil {
				values[v] = append(values[v], nil) // something else: unknown
			}
			return
		}
		values[v] = append(values[v], fn)
	}
	for _, s := range sc.scan.sites {
		switch n := s.node.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					note(n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.KeyValueExpr:
			if _, ok := n.Key.(*ast.Ident); ok {
				note(n.Key, n.Value)
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					note(n.Names[i], n.Values[i])
				}
			}
		}
	}
}

// staticCallees returns, for each function declared in the walked files,
// the functions and methods its body calls by name (nested literals
// included, aliases not), each once, in source order.
func (s *callScan) staticCallees(info *types.Info) map[*types.Func][]*types.Func {
	out := make(map[*types.Func][]*types.Func)
	for _, c := range s.calls {
		decl := c.site().decl()
		if c.aliased || decl == nil {
			continue
		}
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if ok && !slices.Contains(out[fn], c.callee) {
			out[fn] = append(out[fn], c.callee)
		}
	}
	return out
}

// lhsIdent returns the identifier that names what lhs assigns: v, or the
// field in x.f.
func lhsIdent(lhs ast.Expr) *ast.Ident {
	switch e := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// aliasedFunc resolves a call through a variable or field: one the package
// assigns exactly one function, or a package-level variable that upstream
// sets to a tabled function, such as ctrl.CreateOrUpdate.
func (sc callScanner) aliasedFunc(c *ast.CallExpr) *types.Func {
	v := upstream.CalleeVar(sc.info, c)
	if v == nil {
		return nil
	}
	if fn := sc.scan.funcValues.only(v); fn != nil {
		return fn
	}
	if v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	target, ok := upstream.FuncAliases[upstream.FuncKey{Pkg: syntax.PkgPath(v.Pkg()), Name: v.Name()}]
	if !ok {
		return nil
	}
	pkg := syntax.FindPackage(sc.pkg, target.Pkg)
	if pkg == nil {
		return nil
	}
	fn, _ := pkg.Scope().Lookup(target.Name).(*types.Func)
	return fn
}
