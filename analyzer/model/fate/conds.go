package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// isCondition reports whether e, the last node of a two-way block, is a
// boolean condition (not the value of a tagged switch case).
func isCondition(info *types.Info, e ast.Expr) bool { return isBool(info.Types[e].Type) }

// isBool reports whether t is a boolean type.
func isBool(t types.Type) bool {
	b, ok := typeinfo.Under(t).(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// branch continues a path through the two-way block b whose condition is
// cond: Succs[0] when it holds, Succs[1] when it does not.
func (cd *conditions) branch(b *cfg.Block, cond ast.Expr, st pathState) []walkItem {
	if cd.caseOfTaggedSwitch(cond) {
		return cd.taggedCase(b, cond, st)
	}
	tested := cd.vals.mentionsCarrier(cond, st)
	decided := cd.eval(cond, st)
	if tested && decided == truth.Unknown {
		decided = cd.valueTest(b, cond, st)
	}
	if decided == truth.Unknown && st.undecided == nil && (tested || cd.vals.mentionsOther(cond)) {
		st.undecided = cond // both branches: a loss on either is not proven
	}
	budget := cd.testsRetryBudget(cond)
	var out []walkItem
	for i, holds := range []bool{true, false} {
		if !decided.Takes(holds) {
			continue // this branch is not taken when the write failed
		}
		next := st
		if budget {
			// q.NumRequeues(key) < maxRetries: below the budget the key is
			// requeued; past it, it was retried that many times already.
			next.improve(Handled)
		}
		cd.refine(cond, holds, &next)
		if tested && decided.Known() {
			next.testedIn = branchRegion(b.Succs[i])
			next.improve(Swallowed) // the code saw the failure
			next.conflict = next.conflict || (holds && cd.isConflictTest(cond, st))
			next.pastGuard = next.pastGuard || (!holds && cd.isNegatedConflictTest(cond, st))
		}
		out = append(out, walkItem{Block: b.Succs[i], State: next})
	}
	return out
}

// testsRetryBudget reports whether cond asks a work queue how often a key
// was requeued (NumRequeues): the bounded retry of client-go controllers,
// which drop a key only after retrying it.
func (cd *conditions) testsRetryBudget(cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := upstream.Callee(cd.k.info, call); fn != nil && fn.Name() == "NumRequeues" && isQueueMethod(fn) {
				found = true
			}
		}
		return !found
	})
	return found
}

// valueTest decides a test of a value built from the failure that is not
// an error (res.Done(), !res.IsOK(), outcome.Failed): the program's own
// test of whether the step failed, of a kind the walk cannot evaluate.
// The branch that returns the value is the failing one, when exactly one
// does; the other is taken only when the step did not fail. Otherwise the
// test stays unknown and both branches are walked.
func (cd *conditions) valueTest(b *cfg.Block, cond ast.Expr, st pathState) truth.Value {
	if cd.testsErrorCarrier(cond, st) {
		return truth.Unknown // an error's own tests are evaluated, or unknown
	}
	hands := [2]bool{}
	for i, succ := range b.Succs[:2] {
		if region := branchRegion(succ); region != nil {
			hands[i] = cd.returnsCarrier(region, st)
		}
	}
	switch {
	case hands[0] && !hands[1]:
		return truth.True
	case hands[1] && !hands[0]:
		return truth.False
	}
	return truth.Unknown
}

// testsErrorCarrier reports whether cond mentions a carrier of error type.
func (cd *conditions) testsErrorCarrier(cond ast.Expr, st pathState) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := cd.k.info.Uses[id].(*types.Var); ok && st.carries(v) && types.Implements(v.Type(), errorIface) {
				found = true
			}
		}
		return !found
	})
	return found
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// returnsCarrier reports whether region holds a return statement (outside
// function literals) that returns a carrier of the failure.
func (cd *conditions) returnsCarrier(region ast.Node, st pathState) bool {
	found := false
	ast.Inspect(region, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, e := range n.Results {
				found = found || cd.vals.mentionsCarrier(e, st)
			}
		}
		return !found
	})
	return found
}

// caseOfTaggedSwitch reports whether cond is a case value of a switch with
// a tag, whose truth is `tag == cond`, not cond itself.
func (cd *conditions) caseOfTaggedSwitch(cond ast.Expr) bool {
	cur, ok := cd.f.fnCur.FindNode(cond)
	if !ok {
		return false
	}
	if _, ok := cur.Parent().Node().(*ast.CaseClause); !ok {
		return false
	}
	sw, ok := cur.Parent().Parent().Parent().Node().(*ast.SwitchStmt)
	return ok && sw.Tag != nil
}

// eval decides cond on the assumption that the write failed with Conflict.
func (cd *conditions) eval(cond ast.Expr, st pathState) truth.Value {
	return truth.Eval(cd.k.info, cond, cd.judge(st))
}

// judge answers what a leaf of a condition is on this path when the write
// failed with Conflict: a flag set on the path (requeue = true; if
// requeue {...}), a value known non-nil, a test of the failure or of what
// was built from it.
func (cd *conditions) judge(st pathState) truth.Judge {
	return func(l truth.Leaf) truth.Value {
		switch {
		case l.Var != nil:
			return flagValue(l.Var, st)
		case l.NonNil != nil:
			return cd.evalNilTest(l.NonNil, st)
		}
		switch e := l.Expr.(type) {
		case *ast.BinaryExpr:
			return cd.evalComparison(e, st)
		case *ast.CallExpr:
			// IsConflict holds for the failure; every other apierrors
			// predicate and errors.Is do not.
			return cd.onConflict(st).call(e)
		}
		return truth.Unknown
	}
}

// flagValue returns what the path knows of the boolean variable v.
func flagValue(v *types.Var, st pathState) truth.Value {
	switch {
	case slices.Contains(st.set, v):
		return truth.True
	case slices.Contains(st.unset, v):
		return truth.False
	}
	return truth.Unknown
}

// evalComparison decides a comparison that is not with nil: a reason or
// code of the Conflict, the length of a work set or of a list of errors,
// a variable that holds a constant on this path.
func (cd *conditions) evalComparison(e *ast.BinaryExpr, st pathState) truth.Value {
	if v := cd.evalCount(e, st); v.Known() {
		return v
	}
	switch e.Op {
	case token.NEQ, token.EQL:
		if v := cd.onConflict(st).compare(e); v.Known() {
			return v
		}
		if v := cd.evalRequeueCompare(e, st); v.Known() {
			return v
		}
		if v := cd.evalWorkSetLen(e, st); v.Known() {
			return v
		}
		return cd.evalConstCompare(e, st)
	case token.GTR:
		if v := cd.evalWorkSetLen(e, st); v.Known() {
			return v
		}
		// len(errs) > 0 where errs collects the failure
		if call, ok := ast.Unparen(e.X).(*ast.CallExpr); ok && isBuiltin(cd.k.info, call, "len") && len(call.Args) == 1 && isZeroLit(e.Y) && cd.vals.carries(call.Args[0], st) {
			return truth.True
		}
	}
	return truth.Unknown
}

// evalCount decides a comparison of a count of failures with zero
// (`if errCount > 0 { return errors.New(...) }`): a counter the path
// stepped after it tested the failure is above zero.
func (cd *conditions) evalCount(e *ast.BinaryExpr, st pathState) truth.Value {
	x, y, op := e.X, e.Y, e.Op
	if cd.isCounted(y, st) {
		x, y, op = y, x, mirrored[op]
	}
	if !cd.isCounted(x, st) {
		return truth.Unknown
	}
	switch {
	case isZeroLit(y) && (op == token.GTR || op == token.NEQ):
		return truth.True
	case isZeroLit(y) && (op == token.EQL || op == token.LEQ):
		return truth.False
	case isOneLit(y) && op == token.GEQ:
		return truth.True
	case isOneLit(y) && op == token.LSS:
		return truth.False
	}
	return truth.Unknown
}

// evalRequeueCompare decides `res != emptyResult` (or ==) where res
// holds a result that asks for a requeue on this path and emptyResult is
// the zero reconcile.Result.
func (cd *conditions) evalRequeueCompare(e *ast.BinaryExpr, st pathState) truth.Value {
	x, y := e.X, e.Y
	if !cd.vals.requeueVar(x, st) {
		x, y = y, x
	}
	if !cd.vals.requeueVar(x, st) || !cd.isEmptyResult(y) {
		return truth.Unknown
	}
	if e.Op == token.NEQ {
		return truth.True
	}
	return truth.False
}

// isEmptyResult reports whether e is a literal of a reconcile.Result shape
// without fields, or a variable given only that value (a package
// variable, or one of the failing call's function assigned once).
func (cd *conditions) isEmptyResult(e ast.Expr) bool {
	empty := func(e ast.Expr) bool {
		lit, ok := ast.Unparen(e).(*ast.CompositeLit)
		return ok && len(lit.Elts) == 0 && isResultShaped(cd.k.info.TypeOf(lit))
	}
	if empty(e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := cd.k.info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	if init := cd.k.preds.packageVarInit(v); init != nil {
		return empty(init) && !assigns(cd.k.info, cd.f.fn, v)
	}
	fn := cd.f.fn
	if v.Pos() < fn.Pos() || v.Pos() >= fn.End() {
		return false
	}
	var values []ast.Expr
	changed := 0
	ast.Inspect(fn, func(n ast.Node) bool {
		for _, target := range changedBy(n) {
			if tid, ok := ast.Unparen(target).(*ast.Ident); ok && cd.k.info.ObjectOf(tid) == v {
				changed++
				if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
					values = append(values, as.Rhs[slices.Index(as.Lhs, target)])
				}
			}
		}
		return true
	})
	return changed == 1 && len(values) == 1 && empty(values[0])
}

// mirrored is the comparison with its operands swapped: 0 < n is n > 0.
var mirrored = map[token.Token]token.Token{
	token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ,
	token.EQL: token.EQL, token.NEQ: token.NEQ,
}

// isCounted reports whether e names a counter the path stepped after it
// tested the failure, or is the length of a list it appended to there.
func (cd *conditions) isCounted(e ast.Expr, st pathState) bool {
	if x, ok := cd.vals.lenOf(e); ok {
		e = x // the length of a list of what failed
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := cd.k.info.Uses[id].(*types.Var)
	return ok && slices.Contains(st.counted, v)
}

func isOneLit(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && lit.Kind == token.INT && lit.Value == "1"
}

// evalNilTest decides `x != nil`.
func (cd *conditions) evalNilTest(x ast.Expr, st pathState) truth.Value {
	if cd.vals.carries(x, st) || cd.k.nonNilExpr(x, st) || cd.vals.requeueVar(x, st) {
		return truth.True // a requeue result held by pointer is set
	}
	return truth.Unknown
}

// onConflict returns the evaluator of tests of the failure on this path.
func (cd *conditions) onConflict(st pathState) conflictEval {
	return conflictEval{
		p:       cd.k.preds,
		failure: func(e ast.Expr) bool { return cd.vals.carries(e, st) },
		view:    func(v *types.Var) bool { return cd.isStatusView(v, st) },
	}
}

func isBuiltin(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// branchRegion returns the statements a two-way block's successor begins:
// the then or else branch of an if, a case body; nil for what follows.
func branchRegion(b *cfg.Block) ast.Node {
	switch b.Kind {
	case cfg.KindIfThen:
		return b.Stmt.(*ast.IfStmt).Body
	case cfg.KindIfElse:
		return b.Stmt.(*ast.IfStmt).Else
	case cfg.KindSwitchCaseBody:
		return b.Stmt
	}
	return nil
}

// IsConflictCheck reports whether fn is apierrors.IsConflict.
func IsConflictCheck(fn *types.Func) bool { return isConflictCheck(fn) }

// TestsMessageAgainstNonConflict reports whether call is
// strings.Contains(err.Error(), "lit") (or HasPrefix) for an error isErr
// accepts and a literal that a Conflict's message cannot hold: it has a
// "/", which neither the message's fixed text nor a resource or object
// name contains.
func TestsMessageAgainstNonConflict(info *types.Info, call *ast.CallExpr, isErr func(ast.Expr) bool) bool {
	fn := upstream.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || syntax.PkgPath(fn.Pkg()) != "strings" || (fn.Name() != "Contains" && fn.Name() != "HasPrefix") || len(call.Args) != 2 {
		return false
	}
	msg, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	if !ok || len(msg.Args) != 0 {
		return false
	}
	sel, ok := msg.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Error" || !isErr(sel.X) {
		return false
	}
	lit, ok := ast.Unparen(call.Args[1]).(*ast.BasicLit)
	return ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "/")
}

// isNegatedConflictTest reports whether cond is !IsConflict(err) on the
// failure, alone or as an operand of &&: its false branch is where the
// code goes on with a Conflict, as it chose to (`if !apierrors.IsConflict(err)
// { return err }`, `if !IsAlreadyExists(err) && !IsConflict(err) {...}`).
func (cd *conditions) isNegatedConflictTest(cond ast.Expr, st pathState) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return c.Op == token.NOT && cd.isConflictTest(c.X, st)
	case *ast.BinaryExpr:
		return c.Op == token.LAND && (cd.isNegatedConflictTest(c.X, st) || cd.isNegatedConflictTest(c.Y, st))
	}
	return false
}

// isConflictTest reports whether cond calls apierrors.IsConflict on the
// failure (not negated at the top).
func (cd *conditions) isConflictTest(cond ast.Expr, st pathState) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if len(call.Args) == 1 && cd.k.preds.isConflictTestCall(call) && cd.vals.carries(call.Args[0], st) {
				found = true
			}
		}
		return !found
	})
	return found
}
