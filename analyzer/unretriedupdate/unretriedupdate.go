package unretriedupdate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/repair"
	"github.com/conflictlint/conflictlint/analyzer/upstream"

	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

//go:embed doc.go
var docFile string

// New returns the analyzer that reports conflict-prone writes whose
// Conflict error is lost. It works from the Result of model (a model.New
// analyzer) and honours the directives parsed by directives (a
// diag.NewDirectives analyzer). Its Config is its own, bound to its flags
// (-mode, or -unretriedupdate.mode in a driver of several analyzers), and
// read when it runs.
func New(modelAnalyzer, directives *analysis.Analyzer) *analysis.Analyzer {
	config := Config{Mode: Propagate}
	a := &analysis.Analyzer{
		Name:     "unretriedupdate",
		Doc:      docs.MustExtract(docFile, "unretriedupdate"),
		Requires: []*analysis.Analyzer{modelAnalyzer, directives},
		Run: diag.WithUnusedDirectives(func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[modelAnalyzer].(*model.Result), config)
		}),
	}
	a.Flags.Var(&config.Mode, "mode", "what handles a Conflict: propagate (a returned error counts) or strict (only a retry scope counts)")
	a.Flags.Var(&config.Debug, "debug", "unknown: also report the writes whose Conflict the model can neither prove lost nor handed on, with the reason (what to model next)")
	return a
}

// site is a call whose Conflict error is checked: a write, or a call of a
// helper of this package that returns a write's error.
type site struct {
	call   *ast.CallExpr
	cursor inspector.Cursor
	object string       // how the message names the object
	write  *model.Write // the write, when the call is one
	inner  *model.Write // for a helper call, the write inside it
	where  string       // for a helper of another package, its write named (Returner.Where)
	kind   types.Type   // the written object's type, when known
	// replaced, for a helper call, is where the helper's chain dropped the
	// Conflict and returned another error instead: a loss of the error
	// call returns is reported there (see replaced.go).
	replaced *model.Replacement
}

type checker struct {
	pass   *analysis.Pass
	res    *model.Result
	tracer *fate.Tracer
	mode   Mode
	debug  Debug
}

func run(pass *analysis.Pass, res *model.Result, config Config) (any, error) {
	if len(res.Writes()) == 0 && len(res.ReturnerCalls()) == 0 {
		return nil, nil
	}
	c := &checker{pass: pass, res: res, tracer: res.Tracer(), mode: config.Mode, debug: config.Debug}
	for _, w := range res.Writes() {
		if w.Scope == nil && !w.CannotConflict {
			c.check(site{call: w.Call, cursor: w.Cursor, object: w.Object.Name(), write: w, kind: pass.TypesInfo.TypeOf(w.Object.Expr)})
		}
	}
	if c.mode == Propagate {
		for _, s := range c.worstPerReplacement(c.returnerSites()) {
			c.check(s)
		}
	}
	return nil, nil
}

// check reports s when its Conflict is lost.
func (c *checker) check(s site) {
	defer guard.Locate(c.pass.Fset, s.call.Pos())
	// In propagate mode a test's failed write fails the test or is the
	// test's own business; strict mode reports it, since a controller
	// running beside an e2e test writes the same objects.
	if c.res.ScopeOf(s.cursor) != nil || (c.mode == Propagate && syntax.InTestCode(c.pass.Fset, c.pass.Files, s.call.Pos())) {
		return
	}
	if s.replaced != nil && c.mode == Propagate {
		c.checkReplaced(s)
		return
	}
	var related []diag.Related
	switch {
	case s.inner != nil:
		related = []diag.Related{{Node: s.inner.Call, Message: "the conflict-prone write: " + diag.CallName(s.inner.Call)}}
	case s.where != "":
		related = []diag.Related{{Node: s.call, Message: "the conflict-prone write: " + s.where}}
	}
	var what string // what happens to the Conflict
	canReturn := false
	f := c.tracer.Trace(s.cursor)
	switch {
	case c.mode == Strict:
		what = "is not retried"
	case f.Lost():
		what = c.fateText(s, f)
		canReturn = f != fate.Fatal && f != fate.Abandoned && f != fate.Terminal && f != fate.Answered && noErrorResult(nil, s.cursor) == ""
	case f == fate.Unknown && c.debug == DebugUnknown:
		c.reportUnknown(s, related)
		return
	default:
		return
	}
	grade := c.res.Grading().Fated(s.cursor, s.kind, f) // strict mode reports handed-on failures too
	if !c.res.Grading().Admits(grade.Grade) {
		return
	}
	fixes, todo := c.fix(s, canReturn)
	if len(fixes) == 0 {
		todo = c.advice(s, f)
	}
	// The object is named once: in the advice when it re-reads the
	// object, else after the call.
	head := diag.CallName(s.call)
	if !strings.Contains(todo, "re-read "+s.object+" ") {
		head += " of " + s.object
	}
	msg := fmt.Sprintf("conflict from %s %s: %s", head, what, todo)
	if c.mode == Strict && f == fate.Unknown {
		msg += "; " + c.unknownClause(s)
	}
	if len(fixes) == 0 && s.write != nil && repair.FixOwnerOf(c.res, s.write) == repair.OwnedByUnretriedUpdate {
		if why := repair.NoRetryFixReason(s.write); why != "" {
			msg += "; " + why
		}
	}
	diag.Report(c.pass, s.call, grade.Append(msg), related, fixes...)
}

// unknownClause says why the fate of s's Conflict is unknown: the
// reason's slug and the line of what the walk could not decide.
func (c *checker) unknownClause(s site) string {
	u := c.tracer.Unknown(s.cursor)
	if u == nil {
		return "undecided"
	}
	return fmt.Sprintf("undecided: %s at line %d", u.Reason.Slug(), c.pass.Fset.Position(u.Node.Pos()).Line)
}

// reportUnknown reports, for -debug=unknown, a write whose Conflict the
// model can neither prove lost nor handed on. It carries no fix.
func (c *checker) reportUnknown(s site, related []diag.Related) {
	why := "undecided"
	if u := c.tracer.Unknown(s.cursor); u != nil {
		related = append(related, diag.Related{Node: u.Node, Message: "undecided: " + u.Reason.String()})
		why = fmt.Sprintf("%s at line %d (%s)", u.Reason, c.pass.Fset.Position(u.Node.Pos()).Line, u.Reason.Slug())
	}
	msg := fmt.Sprintf("conflict from %s may be lost: %s; if so, %s", diag.CallName(s.call), why, c.retryAdvice(s, "inside"))
	diag.Report(c.pass, s.call, msg, related)
}

// fix returns at most one fix for s, returning the error where the
// function can (propagate mode), else the retry wrap, and what the fix
// does, said as the message's advice.
func (c *checker) fix(s site, canReturn bool) ([]analysis.SuggestedFix, string) {
	if s.write != nil && repair.FixOwnerOf(c.res, s.write) != repair.OwnedByUnretriedUpdate {
		return nil, "" // staleupdate offers the fix of this write (strict mode reports handed-on writes too)
	}
	if canReturn {
		if fix, ok := c.returnFix(s.call, s.cursor); ok {
			return []analysis.SuggestedFix{fix}, "return it"
		}
	}
	if s.write != nil {
		if fix, ok := c.wrapFix(s.write); ok {
			return []analysis.SuggestedFix{fix}, c.retryAdvice(s, "inside")
		}
		if fix, ok := c.paramWrapFix(s.write); ok {
			return []analysis.SuggestedFix{fix}, c.retryAdvice(s, "after a conflict in")
		}
		if fix, ok := c.createOrUpdateWrapFix(s.write); ok {
			return []analysis.SuggestedFix{fix}, "retry it in retry.RetryOnConflict"
		}
	}
	return nil, ""
}

// retryAdvice is the advice to retry s's write, re-reading its object
// where the retry fix does: inside the closure, or after a conflict in it.
func (c *checker) retryAdvice(s site, where string) string {
	return fmt.Sprintf("re-read %s %s retry.RetryOnConflict", s.object, where)
}

// advice says what to do about s when no fix is offered: retry it, or
// hand the error on where the function can.
func (c *checker) advice(s site, f fate.Fate) string {
	retry := c.retryAdvice(s, "inside")
	switch {
	case c.mode == Strict || f == fate.Fatal || f == fate.Abandoned || f == fate.Answered:
		return retry
	case f == fate.Terminal:
		return "return it unwrapped, or " + retry
	case noErrorResult(c.pass.TypesInfo, s.cursor) != "":
		return "requeue the object, or " + retry
	}
	return "return it, or " + retry
}

// fateText says what happens to s's Conflict, of fate f.
func (c *checker) fateText(s site, f fate.Fate) string {
	switch f {
	case fate.Fatal:
		call, end := c.tracer.FatalEnd(s.cursor)
		switch {
		case end == fate.EndsCommand:
			return "is returned from a cobra command, which exits"
		case end == fate.StopsManager:
			return "is returned from a runnable's Start, which stops the manager"
		case call == nil:
			return "ends the program"
		case isPanic(c.pass.TypesInfo, call):
			return "is passed to panic"
		case passesError(c.pass.TypesInfo, call):
			return fmt.Sprintf("is passed to %s, which exits", diag.CallName(call))
		}
		return fmt.Sprintf("is followed by %s, which exits", diag.CallName(call))
	case fate.Terminal:
		return "is wrapped in reconcile.TerminalError, so it is never requeued"
	case fate.Answered:
		return "is answered to the HTTP request and never retried"
	case fate.Abandoned:
		if runner := c.tracer.OpaqueRunner(s.cursor); runner != nil {
			return fmt.Sprintf("is returned to %s, which may ignore it", diag.CallName(runner))
		}
	}
	if where := noErrorResult(c.pass.TypesInfo, s.cursor); where != "" {
		return fmt.Sprintf("cannot be returned by %s", where)
	}
	switch f {
	case fate.Logged:
		return "is only logged"
	case fate.Swallowed:
		return "is swallowed"
	}
	return "is dropped"
}

// isPanic reports whether call is a call of the builtin panic.
func isPanic(info *types.Info, call *ast.CallExpr) bool {
	return upstream.CalledBuiltin(info, call) == "panic"
}

// passesError reports whether call is given an error: a name of an error
// type among its arguments or in its receiver chain (logrus's
// WithError(err).Fatal), possibly inside a larger expression.
func passesError(info *types.Info, call *ast.CallExpr) bool {
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	found := false
	for _, a := range append([]ast.Expr{call.Fun}, call.Args...) {
		ast.Inspect(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !found {
				if v, ok := info.Uses[id].(*types.Var); ok && types.Implements(v.Type(), errIface) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// noErrorResult describes the innermost function around cur when it has no
// error result, or returns "". With info, a function with a result of
// another type that can hold an error (a result struct with an error
// field, an interface) does not count either: it could hand the failure
// on in that value.
func noErrorResult(info *types.Info, cur inspector.Cursor) string {
	for enc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		var ft *ast.FuncType
		name := "a function literal"
		switch fn := enc.Node().(type) {
		case *ast.FuncDecl:
			ft, name = fn.Type, fn.Name.Name
		case *ast.FuncLit:
			ft = fn.Type
			if _, ok := enc.Parent().Parent().Node().(*ast.GoStmt); ok {
				name = "a goroutine"
			}
		}
		hasError := hasErrorResult(ft) || info != nil && carriesErrorResult(info, ft)
		if _, inPlace := fate.CalledInPlace(enc); hasError && inPlace {
			continue // the literal returns it to the function it is called in
		}
		if hasError {
			return ""
		}
		return name
	}
	return ""
}

// carriesErrorResult reports whether a result of ft can hold an error
// value: an interface an error satisfies, or a struct (or pointer to one)
// with such a field.
func carriesErrorResult(info *types.Info, ft *ast.FuncType) bool {
	if ft.Results == nil {
		return false
	}
	for _, f := range ft.Results.List {
		if canHoldError(info.TypeOf(f.Type), 2) {
			return true
		}
	}
	return false
}

func canHoldError(t types.Type, depth int) bool {
	if t == nil || depth < 0 {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return types.Implements(types.Universe.Lookup("error").Type(), u)
	case *types.Struct:
		for i := range u.NumFields() {
			if canHoldError(u.Field(i).Type(), depth-1) {
				return true
			}
		}
	}
	return false
}

func hasErrorResult(ft *ast.FuncType) bool {
	if ft.Results == nil {
		return false
	}
	for _, f := range ft.Results.List {
		if id, ok := f.Type.(*ast.Ident); ok && id.Name == "error" {
			return true
		}
	}
	return false
}
