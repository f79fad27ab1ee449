package kube

// The fate of an error: this file follows an error value from the call that
// produced it to where it ends: returned to the caller, handed on, checked
// and requeued, only logged, ending the program, or dropped. It works on the
// syntax tree and builds a control-flow graph only for the functions it is
// asked about.

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// Fate is where an error ends. Larger is better handled: when an error has
// several uses, the best one decides.
type Fate int

const (
	Dropped   Fate = iota // discarded, or assigned and never read
	Swallowed             // read (compared, formatted) but neither logged nor handed on
	Logged                // logged, and not handed on
	Fatal                 // ends the program
	HandedOff             // given to code that may act on it: a send, an unknown callee, a captured variable
	Handled               // a requeue, or a Conflict branch that retries or returns
	Returned              // returned to the caller, possibly wrapped or aggregated
)

// Lost reports whether no one can retry after an error with this fate.
func (f Fate) Lost() bool { return f <= Fatal }

// maxDepth bounds how many variables an error is followed through.
const maxDepth = 4

// Tracer follows errors within one package. Control-flow graphs are built
// on demand and memoised, so that only functions that contain a write pay.
type Tracer struct {
	mu   sync.Mutex
	info *types.Info
	cfgs map[*ast.BlockStmt]*cfg.CFG
	// IsReRead, when set, reports whether a call re-reads an object; a
	// Conflict branch that re-reads counts as handling the Conflict.
	IsReRead func(*ast.CallExpr) bool
	// IsWrite, when set, reports whether a call is a conflict-prone write.
	// An error branch that falls back to another write hands the failure
	// on: that write's own error is traced, and reusing a stale object
	// there is staleupdate's finding, not a lost Conflict.
	IsWrite func(*ast.CallExpr) bool
	built   int // graphs built, for the cost report
}

// NewTracer returns a Tracer for the package described by info.
func NewTracer(info *types.Info) *Tracer {
	return &Tracer{info: info, cfgs: make(map[*ast.BlockStmt]*cfg.CFG)}
}

// CFGsBuilt returns how many control-flow graphs the tracer has built.
func (t *Tracer) CFGsBuilt() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.built
}

// Trace returns the fate of the error result of the call at cur.
func (t *Tracer) Trace(cur inspector.Cursor) Fate {
	return t.traceValue(cur, 0)
}

// traceValue follows the error-carrying expression at cur upwards to the
// construct that consumes it.
func (t *Tracer) traceValue(cur inspector.Cursor, depth int) Fate {
	for {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.ParenExpr, *ast.CompositeLit, *ast.KeyValueExpr:
			cur = parent // carried inside a larger value
		case *ast.UnaryExpr:
			if p.Op != token.AND {
				return Swallowed
			}
			cur = parent
		case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt:
			return Dropped
		case *ast.ReturnStmt:
			return Returned
		case *ast.SendStmt:
			return HandedOff
		case *ast.CallExpr:
			if p.Fun == cur.Node() {
				return HandedOff
			}
			fate, carried := t.traceArg(parent, p, depth)
			if !carried {
				return fate
			}
			cur = parent
		case *ast.AssignStmt:
			return t.traceAssign(parent, p, cur.Node(), depth)
		case *ast.ValueSpec:
			return t.traceSpec(parent, p, cur.Node(), depth)
		case *ast.BinaryExpr:
			return t.traceCheck(parent)
		case *ast.SelectorExpr, *ast.TypeAssertExpr, *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.CaseClause:
			return Swallowed // err.Error(), a type test, a comparison
		default:
			return HandedOff
		}
	}
}

// traceArg classifies a call that receives the error as an argument. When
// the call carries the error on in its own result (fmt.Errorf, errors.Join,
// client.IgnoreNotFound, append), carried is true and the caller follows the
// call's value instead.
func (t *Tracer) traceArg(cur inspector.Cursor, call *ast.CallExpr, depth int) (fate Fate, carried bool) {
	switch obj := typeutil.Callee(t.info, call).(type) {
	case *types.Builtin:
		switch obj.Name() {
		case "panic":
			return Fatal, false
		case "append":
			return 0, true
		}
		return Swallowed, false
	case *types.Func:
		switch {
		case isFatal(obj):
			return Fatal, false
		case isLogging(obj):
			return Logged, false
		case isConflictCheck(obj) || returnsOnly(obj, types.Typ[types.Bool]):
			return t.traceCheck(cur), false
		case resultsHaveError(obj):
			return 0, true
		}
		return HandedOff, false
	}
	return HandedOff, false // a call through a func value
}

// traceAssign follows the error into the variable it is assigned to.
func (t *Tracer) traceAssign(cur inspector.Cursor, as *ast.AssignStmt, value ast.Node, depth int) Fate {
	var lhs ast.Expr
	switch {
	case len(as.Lhs) == len(as.Rhs):
		for i, rhs := range as.Rhs {
			if rhs == value {
				lhs = as.Lhs[i]
			}
		}
	case len(as.Rhs) == 1:
		lhs = as.Lhs[len(as.Lhs)-1] // the error is the last result
	}
	if lhs == nil {
		return HandedOff // the error is on the left: err.field = ...
	}
	if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		return HandedOff // op-assignment on an error: unusual, stay silent
	}
	return t.traceInto(cur, as, lhs, depth)
}

// traceSpec follows `var err = call()` into err.
func (t *Tracer) traceSpec(cur inspector.Cursor, vs *ast.ValueSpec, value ast.Node, depth int) Fate {
	if len(vs.Values) == 1 && len(vs.Names) > 1 {
		return t.traceInto(cur, vs, vs.Names[len(vs.Names)-1], depth)
	}
	for i, v := range vs.Values {
		if v == value && i < len(vs.Names) {
			return t.traceInto(cur, vs, vs.Names[i], depth)
		}
	}
	return HandedOff
}

// traceInto follows an error stored into lhs by the statement def.
func (t *Tracer) traceInto(cur inspector.Cursor, def ast.Node, lhs ast.Expr, depth int) Fate {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return HandedOff // stored in a field, map or slice element
	}
	if id.Name == "_" {
		return Dropped
	}
	v, ok := t.info.ObjectOf(id).(*types.Var)
	if !ok {
		return HandedOff
	}
	fn := syntax.EnclosingFunc(cur)
	if isResultOfEnclosing(t.info, cur, v) {
		return Returned
	}
	if !fn.Valid() || !declaredWithin(v, fn) {
		return HandedOff // captured from an outer function: its uses are out of view
	}
	if depth >= maxDepth {
		return HandedOff
	}
	return t.traceVar(fn, cur, def, v, depth+1)
}

// traceVar follows v from its definition def along the control flow to the
// next redefinition, and takes the best fate of its uses.
func (t *Tracer) traceVar(fn inspector.Cursor, defCur inspector.Cursor, def ast.Node, v *types.Var, depth int) Fate {
	uses := t.reachingUses(syntax.FuncBody(fn.Node()), def, v)
	if len(uses) == 0 {
		return Dropped
	}
	best := Dropped
	for c := range fn.Preorder((*ast.Ident)(nil)) {
		if !uses[c.Node().(*ast.Ident)] {
			continue
		}
		if f := t.traceValue(c, depth); f > best {
			best = f
		}
		if best == Returned {
			break
		}
	}
	return best
}

// traceCheck follows a test of the error (err != nil, IsConflict(err)) to
// the branch it guards and reports whether that branch requeues, retries or
// ends the program.
func (t *Tracer) traceCheck(cur inspector.Cursor) Fate {
	conflict := false
	for {
		if call, ok := cur.Node().(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(t.info, call).(*types.Func); ok && isConflictCheck(fn) {
				conflict = true
			}
		}
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.BinaryExpr, *ast.UnaryExpr, *ast.ParenExpr:
			cur = parent
		case *ast.IfStmt:
			if p.Cond != cur.Node() {
				return Swallowed
			}
			if conflict && loopsOnConflict(parent) {
				return Handled
			}
			return t.branchFate(errorBranch(p), conflict || condTestsConflict(t.info, p.Cond))
		case *ast.CaseClause:
			return t.branchFate(p.Body, conflict)
		default:
			return Swallowed
		}
	}
}

// loopsOnConflict reports whether ifs is `if !IsConflict(err) { ... }`
// without an else, straight in the body of a loop: a Conflict then falls
// through to the next iteration, as `if IsConflict(err) { continue }`
// would send it.
func loopsOnConflict(cur inspector.Cursor) bool {
	ifs := cur.Node().(*ast.IfStmt)
	not, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT || ifs.Else != nil {
		return false
	}
	if _, ok := ast.Unparen(not.X).(*ast.CallExpr); !ok {
		return false
	}
	if _, ok := cur.Parent().Node().(*ast.BlockStmt); !ok {
		return false
	}
	switch cur.Parent().Parent().Node().(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return true
	}
	return false
}

// errorBranch returns the statements run when the error is present: the
// else branch of `if err == nil`, the then branch otherwise.
func errorBranch(ifs *ast.IfStmt) []ast.Stmt {
	if be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); ok && be.Op == token.EQL && isNilIdent(be.Y) {
		switch e := ifs.Else.(type) {
		case *ast.BlockStmt:
			return e.List
		case *ast.IfStmt:
			return []ast.Stmt{e}
		}
		return nil
	}
	return ifs.Body.List
}

// branchFate looks, outside nested function literals, for what a branch
// does about the error.
func (t *Tracer) branchFate(stmts []ast.Stmt, conflictBranch bool) Fate {
	best := Swallowed
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if conflictBranch || t.returnsRequeue(n) {
					best = max(best, Handled)
				}
			case *ast.BranchStmt:
				if conflictBranch && (n.Tok == token.CONTINUE || n.Tok == token.GOTO) {
					best = max(best, Handled)
				}
			case *ast.CallExpr:
				best = max(best, t.callInBranch(n, conflictBranch))
			}
			return true
		})
	}
	return best
}

// callInBranch classifies a call made in an error branch.
func (t *Tracer) callInBranch(call *ast.CallExpr, conflictBranch bool) Fate {
	switch fn := typeutil.Callee(t.info, call).(type) {
	case *types.Builtin:
		if fn.Name() == "panic" {
			return Fatal
		}
	case *types.Func:
		if isFatal(fn) {
			return Fatal
		}
		if isRequeue(fn) || (conflictBranch && t.IsReRead != nil && t.IsReRead(call)) {
			return Handled
		}
		if t.IsWrite != nil && t.IsWrite(call) {
			return HandedOff
		}
	}
	return Swallowed
}

// returnsRequeue reports whether ret returns a reconcile.Result literal that
// asks for a requeue.
func (t *Tracer) returnsRequeue(ret *ast.ReturnStmt) bool {
	for _, r := range ret.Results {
		lit, ok := ast.Unparen(r).(*ast.CompositeLit)
		if !ok || !isNamedType(t.info.TypeOf(lit), crReconcilePath, "Result") {
			continue
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && requeueFields[key.Name] && !isZeroLit(kv.Value) {
					return true
				}
			}
		}
	}
	return false
}
