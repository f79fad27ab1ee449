package fate

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
)

// Proof of loss. A path loses the failure only when the walk proves it:
// every test on the way was decided on a concrete Conflict, and every
// value the function returns instead is known not to hand it on. Where the
// walk meets something it cannot decide, a loss on that path is Unknown:
// quiet in the default mode, reported in strict mode, and listed with its
// reason so that each round shows what to model next.

// UnknownReason says why a path could not be decided.
type UnknownReason int

const (
	// UndecidedTest: a test of the failure that the evaluator cannot
	// decide on a Conflict (a callee without a verdict, a message test
	// whose outcome depends on the object's name).
	UndecidedTest UnknownReason = iota + 1
	// OtherResultTest: a test of another result of the failing call
	// (`res, err := step(); if res != nil`), whose value on a failure no
	// fact gives.
	OtherResultTest
	// ResultWithoutFact: the path returns, instead of the failure, a
	// value from a call without a fact (a project's requeue helper in a
	// package the model has no summary of).
	ResultWithoutFact
)

var unknownReasonNames = [...]string{
	UndecidedTest:     "a test of the error that cannot be decided on a Conflict",
	OtherResultTest:   "a test of another result of the failing call",
	ResultWithoutFact: "a result returned from a call the model has no fact for",
}

func (r UnknownReason) String() string { return unknownReasonNames[r] }

// Slug is the reason's short name, for counting.
func (r UnknownReason) Slug() string {
	return [...]string{UndecidedTest: "undecided-test", OtherResultTest: "other-result-test", ResultWithoutFact: "result-without-fact"}[r]
}

// Undecided is where, and why, a path's fate could not be decided.
type Undecided struct {
	Reason UnknownReason
	Node   ast.Node // the test or the call
}

// Unknown returns why the failure of the call at cur has the fate
// Unknown (nil when its fate is another).
func (t *Tracer) Unknown(cur inspector.Cursor) *Undecided {
	var obj = t.objectOfFailure(cur)
	f, w := t.traceWalk(cur, obj)
	if f != Unknown || w == nil {
		return nil
	}
	return w.unknown
}

// undecidedOf returns what left st undecided, or nil.
func (w *walker) undecidedOf(st pathState) *Undecided {
	if st.undecided == nil {
		return nil
	}
	reason := UndecidedTest
	switch st.undecided.(type) {
	case *ast.ReturnStmt:
		reason = ResultWithoutFact
	default:
		if w.vals.mentionsOther(st.undecided) {
			reason = OtherResultTest
		}
	}
	return &Undecided{Reason: reason, Node: st.undecided}
}

// mentionsOther reports whether n uses a variable holding another result
// of the failing call.
func (vf *valueFlow) mentionsOther(n ast.Node) bool {
	if len(vf.others) == 0 {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := vf.k.info.Uses[id].(*types.Var); ok && slices.Contains(vf.others, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// noteOthers records the variables that take the failing call's results
// other than its failure.
func (vf *valueFlow) noteOthers(lhs []ast.Expr, carried func(i int) bool) {
	for i, l := range lhs {
		if carried(i) {
			continue
		}
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name != "_" {
			if v, ok := vf.k.info.ObjectOf(id).(*types.Var); ok {
				vf.others = append(vf.others, v)
			}
		}
	}
}
