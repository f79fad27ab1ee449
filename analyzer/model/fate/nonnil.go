package fate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// nonNilExpr reports whether e is an error that cannot be nil on the path
// st: a variable known non-nil or a sentinel of the package, fmt.Errorf
// and errors.New, a wrap of such
// a value, a composite literal, a call of a function that never returns
// a nil error, or of one that passes a non-nil argument on.
func (k *knowledge) nonNilExpr(e ast.Expr, st pathState) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := k.info.Uses[e].(*types.Var)
		return ok && (st.isNonNil(v) || k.sum.sentinels[v] || k.foreign.NeverNil[v])
	case *ast.SelectorExpr:
		v, ok := k.info.Uses[e.Sel].(*types.Var)
		return ok && !v.IsField() && (k.foreign.NeverNil[v] || k.conventionalSentinel(v)) // another package's sentinel
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && lit
	case *ast.CallExpr:
		return k.nonNilCall(e, st)
	}
	return false
}

func (k *knowledge) nonNilCall(call *ast.CallExpr, st pathState) bool {
	fn := upstream.Callee(k.info, call)
	if fn == nil {
		return false
	}
	fk := upstream.FuncKeyOf(fn)
	switch {
	case upstream.NeverNilFuncs[fk] || (fk.Pkg == upstream.ErrorsPath && strings.HasPrefix(fk.Name, "New")) || isErrorConstructor(fn):
		return true
	case upstream.CodedErrorFuncs[fk] && len(call.Args) > 0:
		return nonZeroConst(k.info, call.Args[0]) // status.Errorf(codes.InvalidArgument, ...)
	case upstream.AggregateFuncs[fk] && len(call.Args) == 1 && upstream.IsErrorSlice(k.info.TypeOf(call.Args[0])):
		return k.nonEmptyErrors(call.Args[0], st) // NewAggregate(errs), errors.Join(errs...)
	case upstream.NilPreservingFuncs[fk] || isErrorWrapper(fn) || isErrorJoin(fn):
		for _, a := range call.Args {
			if upstream.IsErrorType(k.info.TypeOf(a)) && k.nonNilExpr(a, st) {
				return true
			}
		}
		return false
	}
	if p, ok := k.passesOn(fn); ok && p < len(call.Args) && k.nonNilExpr(call.Args[p], st) {
		return true // span.HandleError(err, span) with err non-nil
	}
	if fn.Pkg() != nil && k.pkg != nil && fn.Pkg() != k.pkg {
		return k.foreign.NeverNil[fn]
	}
	return k.neverReturnsNil(fn)
}

// nonEmptyErrors reports whether e names a slice of errors known on the
// path st to hold a non-nil error.
func (k *knowledge) nonEmptyErrors(e ast.Expr, st pathState) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := k.info.Uses[id].(*types.Var)
	return ok && slices.Contains(st.nonEmpty, v)
}

// isErrorWrapper reports whether fn has the shape of an error-wrapping
// library's wrapper (github.com/pkg/errors, github.com/cockroachdb/errors
// and their likes): Wrap, Wrapf, WithMessage, WithStack or Annotate*, taking
// the error first and returning an error, which is nil only for a nil error.
func isErrorWrapper(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() != nil || sig.Params().Len() == 0 || !upstream.IsErrorType(sig.Params().At(0).Type()) || !returnsOnly(fn, sig.Params().At(0).Type()) {
		return false
	}
	for _, prefix := range []string{"Wrap", "WithMessage", "WithStack", "Annotate"} {
		if strings.HasPrefix(fn.Name(), prefix) {
			return true
		}
	}
	return false
}

// neverReturnsNil reports whether every return statement of fn, a function
// of this package, returns an error that cannot be nil whatever the path
// (a frozen summary: see summaries.go).
func (k *knowledge) neverReturnsNil(fn *types.Func) bool { return k.sum.neverNil[fn.Origin()] }

// isErrorJoin reports whether fn has the shape of an error library's Join
// (crossplane-runtime's, returning its MultiError): Join(errs ...error),
// in a package named *errors, with one result that is an error. Like
// errors.Join, it is nil only when every error it is given is.
func isErrorJoin(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() != nil || fn.Name() != "Join" || !inErrorsPackage(fn) || !sig.Variadic() || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	return upstream.IsErrorSlice(sig.Params().At(0).Type()) && types.Implements(sig.Results().At(0).Type(), errorIface)
}

// inErrorsPackage reports whether fn belongs to a package named errors,
// or ending so (xerrors, pkgerrors).
func inErrorsPackage(fn *types.Func) bool {
	return fn.Pkg() != nil && strings.HasSuffix(fn.Pkg().Name(), "errors")
}

// isErrorConstructor reports whether fn has the shape of an error
// library's constructor (New, Newf, Errorf of crossplane-runtime's errors,
// cockroachdb/errors, juju/errors and their likes, emperror's
// NewWithDetails): a function of a package named *errors, called Errorf
// or New*, whose first parameter is the message, that takes no error and
// whose only result is an error. It builds an error; it never returns nil. The
// shape is read because a standalone run loads another module's packages
// without their bodies, so no summary of them is at hand.
func isErrorConstructor(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() != nil || !inErrorsPackage(fn) || !returnsOnlyError(fn) {
		return false
	}
	if fn.Name() != "Errorf" && !strings.HasPrefix(fn.Name(), "New") || sig.Params().Len() == 0 || firstErrorParam(sig) >= 0 {
		return false
	}
	b, ok := sig.Params().At(0).Type().(*types.Basic)
	return ok && b.Kind() == types.String
}

// nonZeroConst reports whether e is a constant other than zero (a status
// code that is not OK).
func nonZeroConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) != 0
}

// conventionalSentinel reports whether v, a variable of another
// repository's package, is named as Go names its sentinel errors (an
// exported error variable ErrXxx: corev1.ErrIntOverflowGenerated). A
// dependency outside the analyzed module has no syntax, so no fact says
// it is never nil; the convention does. A package of the same repository
// is analyzed, and its facts decide.
func (k *knowledge) conventionalSentinel(v *types.Var) bool {
	name := v.Name()
	if v.Pkg() == nil || k.pkg == nil || repoOf(v.Pkg().Path()) == repoOf(k.pkg.Path()) {
		return false
	}
	return v.Exported() && len(name) > 3 && strings.HasPrefix(name, "Err") && unicode.IsUpper(rune(name[3])) && upstream.IsErrorType(v.Type())
}

// repoOf returns the repository part of an import path: host, owner and
// name on the code hosts that have owners (github.com/org/repo), host and
// name on other hosts (k8s.io/api), the first element without a host.
func repoOf(path string) string {
	parts := strings.Split(path, "/")
	n := 1
	switch {
	case ownerHosts[parts[0]]:
		n = 3
	case strings.Contains(parts[0], "."):
		n = 2
	}
	return strings.Join(parts[:min(n, len(parts))], "/")
}

// ownerHosts are the code hosts whose paths name an owner before the
// repository.
var ownerHosts = map[string]bool{"github.com": true, "gitlab.com": true, "bitbucket.org": true}
