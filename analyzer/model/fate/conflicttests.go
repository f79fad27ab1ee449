package fate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Tests of the failure are judged on the value a Conflict really is: an
// *errors.StatusError with reason Conflict, code 409 and the API server's
// message (conflictmsg.go). apimachinery's predicates are tabled;
// errors.Is against another error is false; errors.As into a type that is
// not a StatusError (nor an interface it satisfies) is false; a reason or
// a code compared with a constant is evaluated; a message test is decided
// when it holds, or fails, whatever the resource and name; a predicate of
// the program (a func(error) bool) is evaluated from its body, or, in
// another package, from its fact. Anything else is undecided.

// conflictEval decides tests on the Conflict.
type conflictEval struct {
	p *predicateTable
	// failure reports whether e carries the failure.
	failure func(e ast.Expr) bool
	// view reports whether v holds the Conflict's status error (se in
	// `se, ok := err.(*apierrors.StatusError)` or errors.As(err, &se)).
	view func(v *types.Var) bool
}

const (
	conflictReason = "Conflict"
	conflictCode   = 409
)

// test decides cond on the Conflict.
func (c conflictEval) test(cond ast.Expr) truth.Value {
	return truth.Eval(c.p.info, cond, c.leaf)
}

// leaf decides a leaf of a test on the Conflict: a comparison of its
// reason or code, a call that tests it. A flag or a nil test is not a test
// of the Conflict.
func (c conflictEval) leaf(l truth.Leaf) truth.Value {
	if l.Var != nil || l.NonNil != nil {
		return truth.Unknown
	}
	switch e := l.Expr.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.EQL || e.Op == token.NEQ {
			return c.compare(e)
		}
	case *ast.CallExpr:
		return c.call(e)
	}
	return truth.Unknown
}

// compare decides `x == k` or `x != k` where x is a field of the
// Conflict's status (its reason or code) and k a constant.
func (c conflictEval) compare(e *ast.BinaryExpr) truth.Value {
	x, k := c.concrete(e.X), c.p.info.Types[e.Y].Value
	if x == nil {
		x, k = c.concrete(e.Y), c.p.info.Types[e.X].Value
	}
	if x == nil || k == nil || x.Kind() != k.Kind() {
		return truth.Unknown
	}
	if constant.Compare(x, e.Op, k) {
		return truth.True
	}
	return truth.False
}

// concrete returns the value e has on the Conflict, when e is its reason
// or code: apierrors.ReasonForError(err), se.ErrStatus.Reason,
// se.Status().Code, and the like.
func (c conflictEval) concrete(e ast.Expr) constant.Value {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if fn := upstream.Callee(c.p.info, e); fn != nil && len(e.Args) == 1 && c.failure(e.Args[0]) {
			switch upstream.FuncKeyOf(fn) {
			case upstream.FuncKey{Pkg: upstream.ErrorsPath, Name: "ReasonForError"}:
				return constant.MakeString(conflictReason)
			case upstream.FuncKey{Pkg: upstream.ErrorsPath, Name: "CodeForError"}:
				return constant.MakeInt64(conflictCode)
			}
		}
	case *ast.SelectorExpr:
		if !c.ofStatus(e.X) {
			return nil
		}
		switch e.Sel.Name {
		case "Reason":
			return constant.MakeString(conflictReason)
		case "Code":
			return constant.MakeInt64(conflictCode)
		}
	}
	return nil
}

// ofStatus reports whether e is the Conflict's metav1.Status: se.ErrStatus,
// se.Status(), for a status view se.
func (c conflictEval) ofStatus(e ast.Expr) bool {
	var base ast.Expr
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if e.Sel.Name != "ErrStatus" {
			return false
		}
		base = e.X
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Status" || len(e.Args) != 0 {
			return false
		}
		base = sel.X
	default:
		return false
	}
	id, ok := ast.Unparen(base).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.p.info.Uses[id].(*types.Var)
	return ok && c.view(v)
}

// call decides a call that tests the failure.
func (c conflictEval) call(call *ast.CallExpr) truth.Value {
	fn := upstream.Callee(c.p.info, call)
	if fn == nil || fn.Pkg() == nil {
		return truth.Unknown
	}
	if v := c.messageTest(fn, call); v != truth.Unknown {
		return v
	}
	i := slices.IndexFunc(call.Args, c.failure)
	if i < 0 {
		return truth.Unknown
	}
	fk := upstream.FuncKeyOf(fn)
	switch {
	case fk == upstream.FuncKey{Pkg: upstream.ErrorsPath, Name: "IsConflict"}:
		return truth.True
	case fk.Pkg == upstream.ErrorsPath && strings.HasPrefix(fk.Name, "Is"):
		return truth.False // every other predicate of a StatusError's reason
	case upstream.ErrorChainFuncs[fk] == "Is":
		return truth.False
	case upstream.ErrorChainFuncs[fk] == "As" && i == 0 && len(call.Args) == 2:
		return c.as(call.Args[1])
	}
	if v, ok := c.p.predicateVerdict(fn, i); ok {
		return v
	}
	return truth.Unknown
}

// as decides errors.As(err, target) on the Conflict: true when *target
// can hold a *StatusError, false when it is a type that neither is one
// nor wraps one (no Unwrap method), so the Conflict's chain cannot hold it.
func (c conflictEval) as(target ast.Expr) truth.Value {
	pt, ok := c.p.info.TypeOf(target).(*types.Pointer)
	if !ok {
		return truth.Unknown
	}
	switch {
	case holdsStatusError(pt.Elem()):
		return truth.True
	case unwraps(pt.Elem()):
		return truth.Unknown
	}
	return truth.False
}

// holdsStatusError reports whether a *StatusError can be stored in t.
func holdsStatusError(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok && upstream.IsNamed(p.Elem(), upstream.ErrorsPath, "StatusError") {
		return true
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	if upstream.IsNamed(t, upstream.ErrorsPath, "APIStatus") {
		return true
	}
	// an interface the real *StatusError satisfies: error, or one asking
	// for Status() (the stub may lack methods, so judge by names)
	for i := range iface.NumMethods() {
		if name := iface.Method(i).Name(); name != "Error" && name != "Status" && name != "DebugError" {
			return false
		}
	}
	return true
}

// unwraps reports whether a value of t (or *t) has an Unwrap method.
func unwraps(t types.Type) bool {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		if obj, _, _ := types.LookupFieldOrMethod(typ, true, nil, "Unwrap"); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

// messageTest decides a test of the failure's message: strings.Contains
// and its kin on err.Error() (or text built from it), and a regular
// expression's MatchString.
func (c conflictEval) messageTest(fn *types.Func, call *ast.CallExpr) truth.Value {
	path := syntax.PkgPath(fn.Pkg())
	switch {
	case path == "strings" && fn.Name() == "Contains" && len(call.Args) == 2 && c.failure(call.Args[0]):
		lit, ok := c.text(call.Args[1])
		if !ok {
			return truth.Unknown
		}
		switch possible, always := messageCanContain(lit); {
		case always:
			return truth.True
		case !possible:
			return truth.False
		}
	case path == "strings" && (fn.Name() == "HasPrefix" || fn.Name() == "HasSuffix" || fn.Name() == "EqualFold") && len(call.Args) == 2 && c.failure(call.Args[0]):
		// a wrap adds text before the message: only what cannot be
		// inside it at all is decided
		if lit, ok := c.text(call.Args[1]); ok && fn.Name() != "EqualFold" {
			if possible, _ := messageCanContain(lit); !possible {
				return truth.False
			}
		}
	case path == "regexp" && fn.Name() == "MatchString":
		return c.regexpTest(fn, call)
	}
	return truth.Unknown
}

// regexpTest decides re.MatchString(msg) and regexp.MatchString(expr, msg).
func (c conflictEval) regexpTest(fn *types.Func, call *ast.CallExpr) truth.Value {
	var expr string
	var ok bool
	switch {
	case fn.Signature().Recv() == nil && len(call.Args) == 2 && c.failure(call.Args[1]):
		expr, ok = c.text(call.Args[0])
	case fn.Signature().Recv() != nil && len(call.Args) == 1 && c.failure(call.Args[0]):
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if isSel {
			expr, ok = c.compiledPattern(sel.X)
		}
	}
	if !ok {
		return truth.Unknown
	}
	if possible, parsed := regexpCanMatch(expr); parsed && !possible {
		return truth.False
	}
	return truth.Unknown
}

// compiledPattern returns the pattern of a package variable initialised by
// regexp.MustCompile with a constant.
func (c conflictEval) compiledPattern(e ast.Expr) (string, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := c.p.info.Uses[id].(*types.Var)
	if !ok || v.Parent() != v.Pkg().Scope() {
		return "", false
	}
	init := c.p.packageVarInit(v)
	call, ok := ast.Unparen(init).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	if fn := upstream.Callee(c.p.info, call); fn == nil || fn.Pkg() == nil || syntax.PkgPath(fn.Pkg()) != "regexp" || (fn.Name() != "MustCompile" && fn.Name() != "MustCompilePOSIX") {
		return "", false
	}
	return c.text(call.Args[0])
}

// text returns the constant string e holds.
func (c conflictEval) text(e ast.Expr) (string, bool) {
	v := c.p.info.Types[e].Value
	if v == nil || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}
