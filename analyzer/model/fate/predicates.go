package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/graph"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Predicates of the program: functions that take an error and answer a
// bool (isRetryable(err), ErrorAlreadyExists(err)). Their answer on a
// Conflict is worked out once, from their bodies, before any walk: a
// fixed point over the package's predicates in source order (a predicate
// may call another), then frozen. Those of other packages come from facts.

// Verdict is a predicate's answer on a Conflict passed as parameter Param.
// IsConflict marks a predicate that is apierrors.IsConflict under a name of
// the project's (its body returns that test of the parameter, maybe through
// errors.Cause): a branch it decides is the code's choice for a Conflict.
type Verdict struct {
	Param      int
	Holds      bool
	IsConflict bool
}

// Predicates returns the answer on a Conflict of each function of files
// that takes an error and returns a bool, when its body decides it.
// foreign holds the verdicts of other packages' predicates.
func Predicates(info *types.Info, files []*ast.File, foreign map[types.Object]Verdict) map[*types.Func]Verdict {
	return newPredicateTable(info, files, foreign).verdicts
}

// predicateTable is what the package's predicates (and, by their facts,
// other packages') answer on a Conflict, with the package variables'
// initial values that their bodies and the walks' tests read.
type predicateTable struct {
	info     *types.Info
	foreign  map[types.Object]Verdict
	verdicts map[*types.Func]Verdict
	varInits map[*types.Var]ast.Expr
}

// newPredicateTable works out the verdicts of files' predicates: a fixed
// point, since a predicate may call another.
func newPredicateTable(info *types.Info, files []*ast.File, foreign map[types.Object]Verdict) *predicateTable {
	p := &predicateTable{info: info, foreign: foreign, verdicts: map[*types.Func]Verdict{}, varInits: packageVarInits(info, files)}
	type candidate struct {
		fn    *types.Func
		decl  *ast.FuncDecl
		param *types.Var
		index int
	}
	var cands []candidate
	for fn, decl := range syntax.FuncDecls(info, files) {
		if i := predicateParam(fn.Signature()); i >= 0 {
			cands = append(cands, candidate{fn, decl, fn.Signature().Params().At(i), i})
		}
	}
	graph.Saturate(cands, func(c candidate) bool {
		if _, done := p.verdicts[c.fn]; done {
			return false
		}
		v := p.bodyVerdict(c.decl.Body.List, c.param)
		if v == truth.Unknown {
			return false
		}
		p.verdicts[c.fn] = Verdict{Param: c.index, Holds: v == truth.True, IsConflict: p.renamesIsConflict(c.decl, c.param)}
		return true
	})
	return p
}

// predicateParam returns the index of the error parameter of a function
// that returns only a bool, or -1.
func predicateParam(sig *types.Signature) int {
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return -1
	}
	for i := range sig.Params().Len() {
		if isErrorValue(sig.Params().At(i).Type()) {
			return i
		}
	}
	return -1
}

// bodyVerdict evaluates a predicate's statements with param the Conflict:
// `if cond { return x }` where cond is decided, switches without a tag, and
// a final return. Anything else is undecided.
func (p *predicateTable) bodyVerdict(list []ast.Stmt, param *types.Var) truth.Value {
	c := conflictEval{
		p:       p,
		failure: func(e ast.Expr) bool { return p.usesVar(e, param) },
		view:    func(*types.Var) bool { return false },
	}
	for _, stmt := range list {
		switch s := stmt.(type) {
		case *ast.ReturnStmt:
			if len(s.Results) != 1 {
				return truth.Unknown
			}
			return c.test(s.Results[0])
		case *ast.IfStmt:
			if s.Init != nil {
				return truth.Unknown
			}
			switch c.test(s.Cond) {
			case truth.True:
				return p.bodyVerdict(s.Body.List, param)
			case truth.False:
				if s.Else != nil {
					return p.bodyVerdict([]ast.Stmt{s.Else}, param)
				}
			default:
				return truth.Unknown
			}
		case *ast.BlockStmt:
			return p.bodyVerdict(s.List, param)
		default:
			return truth.Unknown
		}
	}
	return truth.Unknown
}

// renamesIsConflict reports whether decl's body is one return of a
// Conflict test of param: `return apierrors.IsConflict(err)`, maybe of
// `errors.Cause(err)`, or of another predicate that is one.
func (p *predicateTable) renamesIsConflict(decl *ast.FuncDecl, param *types.Var) bool {
	if len(decl.Body.List) != 1 {
		return false
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	return ok && len(call.Args) == 1 && p.isConflictTestCall(call) && p.reachesVar(call.Args[0], param)
}

// isConflictTestCall reports whether call is of apierrors.IsConflict, or
// of a predicate that renames it.
func (p *predicateTable) isConflictTestCall(call *ast.CallExpr) bool {
	fn := upstream.Callee(p.info, call)
	if fn == nil {
		return false
	}
	if isConflictCheck(fn) {
		return true
	}
	v, ok := p.verdicts[fn.Origin()]
	if !ok {
		v, ok = p.foreign[fn.Origin()]
	}
	return ok && v.IsConflict && v.Param == 0
}

// reachesVar reports whether e is v, or a chain of one-argument error
// unwrappers of v (errors.Cause(v), errors.Unwrap(v)).
func (p *predicateTable) reachesVar(e ast.Expr, v *types.Var) bool {
	for {
		if p.usesVar(e, v) {
			return true
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return false
		}
		fn := upstream.Callee(p.info, call)
		if fn == nil || !upstream.ErrorUnwrappers[upstream.FuncKeyOf(fn)] {
			return false
		}
		e = call.Args[0]
	}
}

// usesVar reports whether e is v, or v.Error().
func (p *predicateTable) usesVar(e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
			e = ast.Unparen(sel.X)
		}
	}
	id, ok := e.(*ast.Ident)
	return ok && p.info.Uses[id] == v
}

// predicateVerdict returns fn's answer on a Conflict passed as argument i.
func (p *predicateTable) predicateVerdict(fn *types.Func, i int) (truth.Value, bool) {
	v, ok := p.verdicts[fn.Origin()]
	if !ok {
		v, ok = p.foreign[fn.Origin()]
	}
	if !ok || v.Param != i {
		return truth.Unknown, false
	}
	if v.Holds {
		return truth.True, true
	}
	return truth.False, true
}

// packageVarInits returns the initial value of each package variable
// declared with one.
func packageVarInits(info *types.Info, files []*ast.File) map[*types.Var]ast.Expr {
	out := make(map[*types.Var]ast.Expr)
	for _, file := range files {
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						out[v] = vs.Values[i]
					}
				}
			}
		}
	}
	return out
}

// packageVarInit returns the initial value of the package variable v.
func (p *predicateTable) packageVarInit(v *types.Var) ast.Expr { return p.varInits[v] }
