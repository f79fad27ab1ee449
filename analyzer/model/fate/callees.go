package fate

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// isFatal reports whether fn ends the program: a tabled function, or a
// logger by shape named as the standard log package names the functions
// that exit or panic (logrus, glog, klog v1 and zap's sugared logger keep
// that convention, and their modules are too many to table).
func isFatal(fn *types.Func) bool {
	if upstream.FatalFuncs[upstream.FuncKeyOf(fn.Origin())] || upstream.FatalMethods[upstream.MethodKeyOf(fn.Origin())] {
		return true
	}
	sig := fn.Signature()
	return upstream.FatalLoggerNames[fn.Name()] && sig.Results().Len() == 0 && takesFinalAny(sig)
}

func isLogging(fn *types.Func) bool {
	mk := upstream.MethodKeyOf(fn.Origin())
	return upstream.LoggingFuncs[upstream.FuncKeyOf(fn.Origin())] || mk.Pkg != "" && upstream.LoggingTypes[upstream.FuncKey{Pkg: mk.Pkg, Name: mk.Type}]
}

func isConflictCheck(fn *types.Func) bool {
	return upstream.FuncKeyOf(fn) == upstream.FuncKey{Pkg: upstream.ErrorsPath, Name: "IsConflict"}
}

// isRequeue reports whether fn puts work back on a client-go work queue.
func isRequeue(fn *types.Func) bool {
	mk := upstream.MethodKeyOf(fn.Origin())
	if mk.Pkg == upstream.WorkqueuePath {
		return upstream.RequeueMethodNames[mk.Name]
	}
	// A queue of the project's own (a weighted or delaying queue): an
	// Add method of a type named for a queue puts the key back too.
	return strings.HasPrefix(mk.Name, "Add") && isQueueMethod(fn)
}

// isQueueMethod reports whether fn is a method of client-go's work queues
// or of a type named for a queue.
func isQueueMethod(fn *types.Func) bool {
	mk := upstream.MethodKeyOf(fn.Origin())
	return mk.Pkg != "" && (mk.Pkg == upstream.WorkqueuePath || strings.Contains(strings.ToLower(mk.Type), "queue"))
}

// resultsHaveError reports whether fn returns an error among its results.
func resultsHaveError(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if upstream.IsErrorType(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// returnsOnly reports whether fn has exactly one result, of type t.
func returnsOnly(fn *types.Func, t types.Type) bool {
	res := fn.Signature().Results()
	return res.Len() == 1 && types.Identical(res.At(0).Type(), t)
}

// isZeroLit reports whether e is a literal false or 0.
func isZeroLit(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "false"
	case *ast.BasicLit:
		return e.Value == "0"
	}
	return false
}

// isTestSurface reports whether fn fails a test when given an error:
// testing's Error and Fatal families, testify's assert and require,
// gomega's assertions.
func isTestSurface(fn *types.Func) bool {
	mk := upstream.MethodKeyOf(fn)
	if mk.Pkg != "" {
		return (upstream.TestSurfaceTypes[upstream.FuncKey{Pkg: mk.Pkg, Name: mk.Type}] || isTestContext(fn)) && !upstream.TestLogMethods[mk.Name]
	}
	fk := upstream.FuncKeyOf(fn)
	return fk.Pkg != "" && (upstream.TestSurfacePackages[fk.Pkg] || upstream.TestSurfaceFuncs[fk] || upstream.TestEndFuncs[fk])
}

// isTestContext reports whether fn is a method of a test context by shape:
// its receiver can fail the test it runs (FailNow and Failed, as
// testing.TB has), so its Error and Fatal families report a failure, as
// ktesting's TContext or ginkgo's GinkgoT do. No logger has that pair.
func isTestContext(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	has := func(name string, results ...types.Type) bool {
		obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, nil, name)
		m, ok := obj.(*types.Func)
		if !ok || m.Signature().Params().Len() != 0 || m.Signature().Results().Len() != len(results) {
			return false
		}
		for i, r := range results {
			if !types.Identical(m.Signature().Results().At(i).Type(), r) {
				return false
			}
		}
		return true
	}
	return has("FailNow") && has("Failed", types.Typ[types.Bool])
}

// isLoggerShaped reports whether call gives its error argument to a
// logger that the tables do not know, judged by shape: fn has no error
// result and the error goes into its final ...any parameter (after a format
// or message, or alone), as in logrus, zap's sugared logger, glog and klog
// v1, or first, before a message and key-value pairs, as in logr and the
// project loggers that copy it. The error may have become its message on
// the way (err.Error()).
//
// With arg nil the error is in the receiver, carried there by an earlier
// call (logrus's log.WithError(err).Error("msg")): a method of that shape
// writes the receiver's fields with its message, so it logs the error too.
func isLoggerShaped(fn *types.Func, call *ast.CallExpr, arg ast.Node) bool {
	if resultsHaveError(fn) || !takesFinalAny(fn.Signature()) {
		return false
	}
	if arg == nil {
		return true
	}
	params := fn.Signature().Params()
	for i, a := range call.Args {
		if a == arg {
			return i >= params.Len()-1 && !call.Ellipsis.IsValid() || i == 0 && isStructuredErrorLog(fn.Signature())
		}
	}
	return false
}

// isStructuredErrorLog reports whether sig is a structured logger's Error
// (logr's shape, and a project's own logger interface that copies it):
// no results, the error first, then the message, then key-value pairs.
func isStructuredErrorLog(sig *types.Signature) bool {
	params := sig.Params()
	if sig.Results().Len() != 0 || params.Len() != 3 || !upstream.IsErrorType(params.At(0).Type()) {
		return false
	}
	msg, ok := params.At(1).Type().Underlying().(*types.Basic)
	return ok && msg.Kind() == types.String
}

// takesFinalAny reports whether sig ends in a ...any parameter, as a
// logger's that takes values to print.
func takesFinalAny(sig *types.Signature) bool {
	if !sig.Variadic() {
		return false
	}
	last, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	return ok && isEmptyInterface(last.Elem())
}

func isEmptyInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	return ok && iface.NumMethods() == 0
}

// endsProgram reports whether the statement n ends the program: a call of
// panic, os.Exit, log.Fatal and the like as a statement.
func (k *knowledge) endsProgram(n ast.Node) bool {
	es, ok := n.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	return ok && !k.mayReturn(call)
}

// failsTest reports whether the statement n is a call that fails a test
// (t.Fatal, an e2e framework's Failf).
func (k *knowledge) failsTest(n ast.Node) bool {
	es, ok := n.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := upstream.Callee(k.info, call)
	return fn != nil && (isTestSurface(fn) || k.endsOf(fn) == Surfaced)
}

// requeues reports whether call puts work back on a work queue: a queue's
// Add methods, or a function of this package that calls one on every run
// that reaches its end (checked shallowly: any call of one in its body).
func (k *knowledge) requeues(call *ast.CallExpr) bool {
	fn := k.callee(call)
	if fn == nil {
		return false
	}
	if isRequeue(fn) {
		return true
	}
	return k.model != nil && k.isRequeuer(fn)
}

// isRequeuer reports whether fn, a function of this package, adds to a work
// queue (directly or through another such function): a frozen summary.
func (k *knowledge) isRequeuer(fn *types.Func) bool { return k.sum.requeuer[fn.Origin()] }

// callee returns the function call calls, directly or through a variable
// or field the package assigns exactly one function.
func (k *knowledge) callee(call *ast.CallExpr) *types.Func {
	if fn := upstream.Callee(k.info, call); fn != nil {
		return fn
	}
	v := upstream.CalleeVar(k.info, call)
	if v == nil || k.model == nil {
		return nil
	}
	return k.model.FuncValue(v)
}

// IsLogCall reports whether call only logs: a tabled logger, or a function
// without results that takes a final ...any (a logger by shape).
func IsLogCall(info *types.Info, call *ast.CallExpr) bool {
	fn := upstream.Callee(info, call)
	if fn == nil {
		return false
	}
	if isLogging(fn) {
		return true
	}
	sig := fn.Signature()
	return sig.Results().Len() == 0 && takesFinalAny(sig)
}

// callsSelfReadingHelper reports whether call is a call of a helper that
// returns the failure of a write of an object it reads itself: one it
// obtains (no parameter holds it), or the parameter it refreshes before
// writing (Get into it, or a copy of the live resourceVersion).
func (k *knowledge) callsSelfReadingHelper(call *ast.CallExpr) bool {
	if k.model == nil {
		return false
	}
	if _, isWrite := k.model.WriteAt(call); isWrite {
		return false
	}
	fn := k.callee(call)
	param, ok := k.model.Returner(fn)
	if !ok {
		return false
	}
	if param < 0 {
		return true
	}
	refreshed, refreshes := k.model.Refresher(fn)
	return refreshes && refreshed == param
}

// answersRequest reports whether call receives, as its receiver or an
// argument, a handle that answers an HTTP request (upstream.ResponseTypes):
// whatever else it is given goes back to the requester.
func answersRequest(info *types.Info, call *ast.CallExpr) bool {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && upstream.IsResponseHandle(info.TypeOf(sel.X)) {
		return true
	}
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return upstream.IsResponseHandle(info.TypeOf(a)) })
}
