// Package fate follows the failure of a write (an error value) from the
// call that produced it to where it ends: returned to the caller, handed
// on, checked and requeued, only logged, ending the program, or dropped. It
// works on the syntax tree and builds a control-flow graph only for the
// functions it is asked about. What it needs of the package's model (which
// calls are writes, which reads refresh an object, which functions return
// a write's failure) it asks through the Model interface, so a change to
// how a fate is judged lands here alone.
package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"
)

// Fate is where a failure ends. Larger is better handled: a path is judged
// by the best thing it does with the failure, a call by its worst path.
type Fate int

const (
	Dropped       Fate = iota // discarded, or assigned and never read
	Abandoned                 // returned to a runner that takes the function as an interface value (see opaqueRunnerOf)
	Swallowed                 // read (compared, formatted) but neither logged nor handed on
	Logged                    // logged, and not handed on
	Terminal                  // wrapped in reconcile.TerminalError: controller-runtime logs it and never requeues
	Answered                  // sent back to an HTTP request's client: the requester learns of it, nothing writes again
	Fatal                     // ends the program
	Unknown                   // a path the model cannot decide: neither proven lost nor proven handed on (see Tracer.Unknown)
	HandedOff                 // given to code out of view: a send, a store, an unknown callee, a captured variable
	Surfaced                  // given to a test (t.Fatal, require.NoError, gomega's Expect), which fails
	Handled                   // a requeue, or a Conflict branch that retries or returns
	Retried                   // written again promptly: a loop of attempts, a call of the same helper, or a Conflict branch that re-reads and writes
	ReturnedOther             // another error that cannot be nil is returned instead: it stands for the failure, and the caller decides (a requeue redoes the write)
	Returned                  // returned to the caller, possibly wrapped or aggregated
)

var fateNames = [...]string{
	Dropped: "dropped", Abandoned: "abandoned", Terminal: "terminal", Answered: "answered", Swallowed: "swallowed", Logged: "logged", Fatal: "fatal", Unknown: "unknown",
	HandedOff: "handed off", Surfaced: "surfaced", Handled: "handled", Retried: "retried",
	ReturnedOther: "returned other", Returned: "returned",
}

func (f Fate) String() string { return fateNames[f] }

// Lost reports whether no one can retry after an error with this fate.
func (f Fate) Lost() bool { return f <= Fatal }

// HandsOn reports whether a failure with this fate reaches the caller as an
// error: the function is then a helper whose callers decide.
func (f Fate) HandsOn() bool { return f >= ReturnedOther }

// Tracer follows failures within one package. It is built in the model's
// stages, on the goroutine that runs them (see summaries.go), and is
// read-only once Freeze returns: the checks then share it, maybe
// concurrently.
type Tracer struct {
	// k is what the tracer knows of the package: its model and the
	// summaries of its functions.
	k *knowledge
	// fs finds the failing call's function and how it is run.
	fs failures
	// graphs are the control-flow graphs built so far, only for the
	// functions that are walked: kept while the stages build them, and
	// frozen with the tracer (see CFG).
	graphs map[*ast.BlockStmt]*cfg.CFG
	frozen bool
	// traced are the fates traced since the tracer froze, by call: the
	// checks trace the same writes, and a frozen tracer gives a call one
	// fate.
	traced   map[ast.Node]Fate
	tracedMu sync.Mutex
}

// Foreign is what the facts of other packages say about their functions.
type Foreign struct {
	NeverNil map[types.Object]bool // never return a nil error
	PassesOn map[types.Object]int  // return the error parameter of that index non-nil when it is
	// KeepsText are the functions that keep the error parameter of that
	// index only as text (see text.go).
	KeepsText map[types.Object]int
	Ends      map[types.Object]Fate // never return: Surfaced (fail the test) or Fatal
	// Predicates are the answers on a Conflict of their func(error) bool
	// functions.
	Predicates map[types.Object]Verdict
	// Results are what their functions' reconcile.Result asks for on
	// every return.
	Results map[types.Object]ResultVerdict
}

// NewTracer returns a Tracer for pkg, described by info, whose writes
// and reads model describes, with the summaries that need nothing of the
// model's returners (see summaries.go). foreign holds the facts of other
// packages, loaded while the model's Pass was alive: the tracer is used
// after it ends.
func NewTracer(info *types.Info, pkg *types.Package, model Queries, foreign Foreign) *Tracer {
	k := &knowledge{info: info, pkg: pkg, model: model, foreign: foreign, preds: newPredicateTable(info, nil, foreign.Predicates)}
	t := &Tracer{k: k, fs: failures{k}, graphs: make(map[*ast.BlockStmt]*cfg.CFG), traced: make(map[ast.Node]Fate)}
	if model != nil {
		s := &summarizer{k: k, t: t}
		s.summarize(model.Decls(), len(model.Files()) > 0)
		k.sum.keepsText = TextKeepers(info, model.Decls())
		k.preds = newPredicateTable(info, model.Files(), foreign.Predicates)
		k.results = ResultVerdicts(info, model.Files(), foreign.Results)
		k.sum.passThrough = passThroughs(info, model.Decls())
		k.sum.programEnds = s.findProgramEnds()
		dropped := make(map[*ast.Ident]bool) // the callees of the package's calls whose results nothing keeps
		s.findSentinels(func(n ast.Node) {
			if id := droppedCallee(n); id != nil {
				dropped[id] = true
			}
		})
		s.findDiscardedResults(dropped)
		s.findNonNilParams()
	}
	return t
}

// Freeze completes the tracer once the model's returners are final: the
// summaries that depend on them, then the graphs the checks will walk
// from sites (the writes, the returner calls and the retry scopes). From
// then on nothing in the tracer changes.
func (t *Tracer) Freeze(sites []inspector.Cursor) {
	if t.k.model != nil {
		(&companionFinder{k: t.k, t: t}).findCompanions()
	}
	for _, cur := range sites {
		t.buildGraphs(cur)
	}
	t.frozen = true
}

// buildGraphs builds the graph of the function around cur and, when cur
// is a call in a wait condition, those of the functions around the poll
// calls that run it: a failure the condition returns is traced on from
// there.
func (t *Tracer) buildGraphs(cur inspector.Cursor) {
	for ok := cur.Valid(); ok; {
		if body := syntax.FuncBody(syntax.EnclosingFunc(cur).Node()); body != nil {
			t.CFG(body)
		}
		f := t.fs.newFailure(cur, upstream.Object{})
		if f == nil || f.pollCall == nil {
			return
		}
		cur, ok = cur.Inspector().Root().FindNode(f.pollCall)
	}
}

// CFGsBuilt returns how many control-flow graphs the tracer keeps.
func (t *Tracer) CFGsBuilt() int { return len(t.graphs) }

// Trace returns the fate of the failure of the call at cur: a write of the
// package, or a call of a function that returns a write's failure.
func (t *Tracer) Trace(cur inspector.Cursor) Fate {
	if !t.frozen {
		return t.traceFailure(cur, t.objectOfFailure(cur))
	}
	t.tracedMu.Lock()
	f, ok := t.traced[cur.Node()]
	t.tracedMu.Unlock()
	if !ok {
		f = t.traceFailure(cur, t.objectOfFailure(cur))
		t.tracedMu.Lock()
		t.traced[cur.Node()] = f
		t.tracedMu.Unlock()
	}
	return f
}

// objectOfFailure returns the object the call at cur writes: a write's, or
// the argument a returner writes.
func (t *Tracer) objectOfFailure(cur inspector.Cursor) upstream.Object {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok || t.k.model == nil {
		return upstream.Object{}
	}
	if o, ok := t.k.model.WriteAt(call); ok {
		return o
	}
	if fn := t.k.callee(call); fn != nil {
		if p, ok := t.k.model.Returner(fn); ok && p >= 0 && p < len(call.Args) {
			return upstream.ObjectOf(t.k.info, call.Args[p])
		}
	}
	return upstream.Object{}
}

// use is what an expression that carries the failure does with it, found
// by climbing from the expression to the construct that consumes it.
type use struct {
	consumed bool     // the value ends here: logged, tested, dropped...
	event    Fate     // what that does with the failure, when consumed
	stmt     ast.Node // otherwise, the statement it reaches: an assignment, a return...
	value    ast.Node // the outermost expression carried to stmt
}

// climb follows the value at cur upwards, no further than stop (the graph
// node being walked), to where it is consumed or stored.
func (t *Tracer) climb(cur inspector.Cursor, stop ast.Node) use {
	opaque := false // carried through a call whose result is not an error
	consumed := func(f Fate) use {
		if opaque && f < Logged {
			f = HandedOff // an unknown call took it and did not return it as an error
		}
		return use{consumed: true, event: f}
	}
	for cur.Node() != stop {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.ParenExpr, *ast.CompositeLit, *ast.KeyValueExpr, *ast.StarExpr:
			cur = parent // carried inside a larger value
		case *ast.UnaryExpr:
			if p.Op != token.AND {
				return consumed(Swallowed)
			}
			cur = parent
		case *ast.SelectorExpr:
			// A field of a value built from the failure carries it on
			// (res.Err); err.Error() carries the message; any other
			// selection reads it.
			if sel := t.k.info.Selections[p]; sel != nil && sel.Kind() == types.FieldVal {
				cur = parent
				continue
			}
			call, ok := parent.Parent().Node().(*ast.CallExpr)
			if !ok || call.Fun != p {
				return consumed(Swallowed)
			}
			fate, carried := t.argFate(call, nil)
			if !carried {
				return consumed(fate)
			}
			opaque = opaque || fate == HandedOff
			cur = parent.Parent()
		case *ast.CallExpr:
			if p.Fun == cur.Node() {
				return consumed(HandedOff)
			}
			fate, carried := t.argFate(p, cur.Node())
			if !carried {
				return consumed(fate)
			}
			opaque = opaque || fate == HandedOff
			cur = parent
		case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt:
			return consumed(Dropped)
		case *ast.SendStmt:
			return use{consumed: true, event: HandedOff}
		case *ast.ReturnStmt, *ast.AssignStmt, *ast.ValueSpec:
			// Whatever calls built it, the value goes on: returned to the
			// caller, or held in a variable the walk follows (value flow).
			return use{stmt: p, value: cur.Node()}
		case *ast.IndexExpr:
			if p.X != cur.Node() || !upstream.IsErrorType(t.k.info.TypeOf(p)) {
				return use{consumed: true, event: Dropped} // an index, or a key: a test
			}
			// An element of a list of failures (errs[i]): the failure,
			// or a sibling failure that stands for it.
			cur = parent
		case *ast.BinaryExpr, *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.CaseClause, *ast.TypeAssertExpr:
			return use{consumed: true, event: Dropped} // a test: the branches decide
		default:
			return use{consumed: true, event: HandedOff}
		}
	}
	return use{stmt: stop, value: cur.Node()}
}

// argFate classifies a call that receives the failure, as an argument or
// (method) as its receiver. When the call carries it on in its own result
// (fmt.Errorf, errors.Join, client.IgnoreNotFound, append, err.Error()),
// carried is true; fate is then HandedOff when that result is not an error
// and the callee is unknown, so that only a logger at the end makes it
// "only logged".
//
// arg is the argument that carries the failure, or nil for the receiver.
func (t *Tracer) argFate(call *ast.CallExpr, arg ast.Node) (fate Fate, carried bool) {
	switch b := upstream.CalledBuiltin(t.k.info, call); b {
	case "":
	case "panic":
		return Fatal, false
	case "append":
		return 0, true
	default:
		return Swallowed, false
	}
	if fn := upstream.Callee(t.k.info, call); fn != nil {
		fate, carried := t.funcArgFate(fn, call, arg)
		if fate == HandedOff && !carried && isTextArg(t.k.info, arg) {
			// The failure's text, kept by code out of view (a condition's
			// message): recorded, and nobody can retry text.
			fate = Logged
		}
		return fate, carried
	}
	return HandedOff, false // a call through a func value
}

// isTextArg reports whether arg, a call's argument, is a string.
func isTextArg(info *types.Info, arg ast.Node) bool {
	e, ok := arg.(ast.Expr)
	return ok && isText(info.TypeOf(e))
}

func (t *Tracer) funcArgFate(fn *types.Func, call *ast.CallExpr, arg ast.Node) (Fate, bool) {
	receiver := arg == nil
	switch {
	case isTestSurface(fn):
		return Surfaced, false
	case isFatal(fn), upstream.FatalEvent(t.k.info, call):
		return Fatal, false
	case upstream.FuncKeyOf(fn) == upstream.FuncKey{Pkg: upstream.ReconcilePath, Name: "TerminalError"}:
		return Terminal, false // the reconcile's requeue is given up
	}
	if ends := t.k.endsOf(fn); ends != 0 {
		return ends, false // an e2e framework's Failf: the test fails
	}
	if answersRequest(t.k.info, call) {
		return Answered, false
	}
	switch {
	case isLogging(fn), t.k.keepsTextArg(fn, call, arg):
		return Logged, false // logged, or kept as a message
	case isConflictCheck(fn) || returnsOnly(fn, types.Typ[types.Bool]):
		return Dropped, false // a test: the branches decide
	case resultsHaveError(fn):
		return 0, true
	case receiver && fn.Name() == "Error" && returnsOnly(fn, types.Typ[types.String]):
		return 0, true // err.Error(): the message goes on
	case returnsOnly(fn, types.Typ[types.String]):
		return 0, true // fmt.Sprintf("%v", err): the text goes where the string goes
	case isLoggerShaped(fn, call, arg):
		return Logged, false
	case fn.Signature().Results().Len() > 0:
		return HandedOff, true
	}
	return HandedOff, false
}

// returnsRequeue reports whether ret returns a reconcile.Result literal that
// asks for a requeue, alone or carried in a value of the project's (see
// carriesRequeue).
func returnsRequeue(info *types.Info, ret *ast.ReturnStmt) bool {
	for _, r := range ret.Results {
		if carriesRequeue(info, r, 0) {
			return true
		}
	}
	return false
}

// carriesRequeue reports whether e is a requeue Result literal, or a
// composite literal (a project's result struct, a slice) with one among
// its elements, a few levels down: the requeue goes where the value goes,
// as an error built into a result struct does.
func carriesRequeue(info *types.Info, e ast.Expr, depth int) bool {
	if isRequeueResult(info, e) {
		return true
	}
	lit, ok := upstream.StripAddr(e).(*ast.CompositeLit)
	if !ok || depth > 2 {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if carriesRequeue(info, elt, depth+1) {
			return true
		}
	}
	return false
}

// isRequeueResult reports whether e is a reconcile.Result literal, or its
// address, that asks for a requeue; or a literal of a project's own result
// type shaped like it (a Requeue bool or RequeueAfter time.Duration field,
// as karpenter's reconciler.Result, which its adapter hands to
// controller-runtime), as the grades read it too.
func isRequeueResult(info *types.Info, e ast.Expr) bool {
	lit, ok := upstream.StripAddr(e).(*ast.CompositeLit)
	if !ok || !isResultShaped(info.TypeOf(lit)) {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && upstream.RequeueFields[key.Name] && !isZeroLit(kv.Value) {
				return true
			}
		}
	}
	return false
}

// isResultShaped reports whether t is reconcile.Result, or a struct type
// with its requeue fields: Requeue bool or RequeueAfter time.Duration.
func isResultShaped(t types.Type) bool {
	if t == nil {
		return false
	}
	if upstream.IsNamed(t, upstream.ReconcilePath, "Result") {
		return true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		switch f.Name() {
		case "RequeueAfter":
			if upstream.IsNamed(f.Type(), "time", "Duration") {
				return true
			}
		case "Requeue":
			if b, ok := f.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
				return true
			}
		}
	}
	return false
}
