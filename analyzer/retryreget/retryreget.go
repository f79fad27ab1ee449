package retryreget

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/repair"
	"github.com/conflictlint/conflictlint/analyzer/upstream"

	"github.com/conflictlint/conflictlint/analyzer/model"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

//go:embed doc.go
var docFile string

// New returns the analyzer that reports retry closures that resend a stale
// object or hide the Conflict from the retry. It works from the Result of
// model (a model.New analyzer) and honours the directives parsed by
// directives (a diag.NewDirectives analyzer).
func New(modelAnalyzer, directives *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "retryreget",
		Doc:      docs.MustExtract(docFile, "retryreget"),
		Requires: []*analysis.Analyzer{modelAnalyzer, directives},
		Run: diag.WithUnusedDirectives(func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[modelAnalyzer].(*model.Result))
		}),
	}
}

type checker struct {
	pass   *analysis.Pass
	res    *model.Result
	tracer *fate.Tracer
	fix    *fixer
	// overwritten are the re-reads checkOverwritten reported, which
	// checkLostInClosure, seeing the same loss by its fate, leaves alone.
	overwritten map[ast.Node]bool
}

// fixer builds retryreget's suggested fixes (a re-read at the top of the
// retried function, through the parameter it is given, or a result kept
// apart), and records the scope bodies that already carry a re-read fix,
// so that two findings never insert at the same place.
type fixer struct {
	pass  *analysis.Pass
	res   *model.Result
	fixed map[ast.Node]bool
}

func run(pass *analysis.Pass, res *model.Result) (any, error) {
	if len(res.Writes()) == 0 {
		return nil, nil
	}
	c := &checker{pass: pass, res: res, tracer: res.Tracer(), fix: &fixer{pass: pass, res: res, fixed: make(map[ast.Node]bool)}, overwritten: make(map[ast.Node]bool)}
	c.checkDroppedInHelpers() // a helper that retries itself has no retry scope
	if len(res.Scopes()) == 0 {
		return nil, nil
	}
	reported := make(map[staleKey]bool)
	for _, w := range res.Writes() {
		if w.Scope == nil || versionless(w) {
			continue // outside a retry, or sends no resourceVersion to conflict on
		}
		c.checkHidden(w)
		c.checkWiped(w)
		c.checkOverwritten(w)
		c.checkDroppedInClosure(w)
		c.checkLostInClosure(w)
		key := staleKey{w.Scope, w.Object.Root, w.Object.Path}
		if !reported[key] && c.isStale(w) {
			reported[key] = true
			c.reportStale(w)
		}
	}
	c.checkHelpers(reported)
	c.checkHiddenInHelpers()
	return nil, nil
}

// versionless reports whether w sends an object built without a
// resourceVersion. An object whose version the code blanks before the
// write is not one: inside a retry, the blanking hides the missing re-read
// (the write then overwrites what others changed), so it is still
// reported.
func versionless(w *model.Write) bool { return w.CannotConflict && !w.VersionCleared }

// staleKey identifies one object in one retry scope: only its first stale
// write is reported.
type staleKey struct {
	scope *model.RetryScope
	root  *types.Var
	path  string
}

// isStale reports whether w writes, inside its retry scope, an object the
// scope neither declares nor re-reads.
func (c *checker) isStale(w *model.Write) bool {
	if w.Kind == upstream.WriteCreateOrUpdate || versionless(w) || !w.Object.Valid() {
		return false // CreateOrUpdate Gets the object itself
	}
	body := syntax.FuncBody(w.Scope.Body)
	if body == nil || syntax.Encloses(body, w.Object.Root.Pos()) {
		return false // a fresh object on every attempt
	}
	return !c.reReads(w.Object, w.Scope.Body)
}

// reReads reports whether the scope body refreshes obj anywhere: a Get into
// it, a read helper given it (the model records both), or an assignment of
// it other than from a write's own result.
func (c *checker) reReads(obj upstream.Object, body ast.Node) bool {
	for _, rd := range c.res.ReadsOf(obj, body) {
		if !c.assignedFromWrite(rd.Node) {
			return true
		}
	}
	return false
}

// assignedFromWrite reports whether n is `obj, err = client.Update(...)`:
// the object returned by a failed write is not a fresh copy.
func (c *checker) assignedFromWrite(n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	return c.res.WriteAt(call) != nil
}

// reportStale reports the stale write w, with a fix when one is safe.
func (c *checker) reportStale(w *model.Write) {
	name := w.Object.Name()
	where := "the closure"
	if fd, ok := w.Scope.Body.(*ast.FuncDecl); ok {
		where = fd.Name.Name
	}
	todo := fmt.Sprintf("Get %s at the top of %s", name, where)
	related := []diag.Related{{Node: w.Scope.Call, Message: "the retry: " + retryName(w.Scope)}}
	var fixes []analysis.SuggestedFix
	if !c.fix.fixed[w.Scope.Body] {
		if fix, ok := c.fix.reReadFix(w); ok {
			c.fix.fixed[w.Scope.Body] = true
			fixes = append(fixes, fix)
		} else if fix, ok := c.fix.paramReReadFix(w); ok {
			c.fix.fixed[w.Scope.Body] = true
			fixes = append(fixes, fix)
			todo = fmt.Sprintf("re-read %s after each conflict", name)
		}
	}
	msg := fmt.Sprintf("%s is not re-read inside %s, so every attempt conflicts: %s", name, retryName(w.Scope), todo)
	if len(fixes) == 0 {
		if why := repair.NoRetryFixReason(w); why != "" {
			msg += "; " + why
		}
	}
	msg, ok := c.graded(msg, w.Scope, w.Object.Expr)
	if !ok {
		return
	}
	diag.Report(c.pass, w.Call, msg, related, fixes...)
}

// retryName names the retrying function as code spells it: retry.OnError,
// or a helper's name.
func retryName(s *model.RetryScope) string {
	fn := s.Callee
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
		return fn.Name()
	}
	if fn.Pkg() != nil {
		if _, ok := s.Call.Fun.(*ast.Ident); !ok {
			return fn.Pkg().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}
