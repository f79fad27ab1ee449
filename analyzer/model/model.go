package model

import (
	"go/ast"
	"go/types"
	"sync"

	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
	"github.com/conflictlint/conflictlint/analyzer/model/cache"
	"github.com/conflictlint/conflictlint/analyzer/model/fate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// Write is a call that sends an object with its resourceVersion and can fail
// with Conflict.
type Write struct {
	Call   *ast.CallExpr
	Cursor inspector.Cursor // at Call
	Kind   upstream.WriteKind
	Object upstream.Object
	Client ast.Expr // the client the write goes through
	// Results is the number of results of the call; the error is the last.
	Results  int
	FuncNode ast.Node    // innermost enclosing *ast.FuncDecl or *ast.FuncLit
	Scope    *RetryScope // innermost retry scope around the write, or nil
	// CannotConflict is set for an Update of a built-in object built in the
	// function without a resourceVersion: the server applies it
	// unconditionally, so it never fails with Conflict.
	CannotConflict bool
	// VersionCleared is set, with CannotConflict, for an Update of an
	// object whose resourceVersion the function blanks on every path to
	// the write (`obj.ResourceVersion = ""`): it cannot conflict, but
	// inside a retry the blanking still hides a missing re-read.
	VersionCleared bool
}

// Read is a call or assignment that refreshes an object.
type Read struct {
	Node     ast.Node // *ast.CallExpr (Get into the object) or *ast.AssignStmt
	Object   upstream.Object
	FuncNode ast.Node      // innermost enclosing *ast.FuncDecl or *ast.FuncLit
	decl     *ast.FuncDecl // the declaration the read is made in, or nil
	// InPlace is set for a read that refreshes the object where it is (a
	// Get into it, or a copy of a live resourceVersion onto it) rather
	// than by assigning the variable.
	InPlace bool
}

// RetryScope is a function that is run again when it fails with Conflict.
type RetryScope struct {
	Call   *ast.CallExpr    // the call that retries (retry.RetryOnConflict, a helper)
	Callee *types.Func      // the retrying function
	Body   ast.Node         // *ast.FuncLit, or the *ast.FuncDecl of a named function or method value
	Cursor inspector.Cursor // at Body
}

// Result is what the kube analyzer knows about one package. Analyzers read
// it through its methods and never change it.
type Result struct {
	failure      error // see FailedResult
	relevant     bool
	touchesCache bool // see Cache
	covered      bool // see Covered
	unread       bool // no unit of the run reads the package's facts (a covered variant, or see upstream.Options.Unimported)
	// bodiesOnce and bodies memoise BodiesChecked, which the checks may
	// ask at the same time.
	bodiesOnce  sync.Once
	bodies      bool
	functions   int
	graphsBuilt int // see GraphsBuilt

	// The package's model, dropped whole by Release.
	*packageModel
}

// packageModel is what the model found in the package: what the checks
// read while they run, and nothing they need after.
type packageModel struct {
	files []*ast.File
	// writesAndReads are the writes, reads and read helpers, with their
	// lookup tables.
	writesAndReads
	scopes         []*RetryScope
	conflictChecks []*ast.CallExpr
	retryHelpers   map[*types.Func]int
	retryPreds     map[*types.Func]int // the retry helpers that retry only when their predicate parameter holds
	returners      map[*types.Func]Returner
	// alwaysWrites are the returners that write their object parameter
	// on every run (see fateQueries.AlwaysWrites), found once the
	// returners are final.
	alwaysWrites  map[*types.Func]int
	returnerCalls []*ReturnerCall
	tracer        *fate.Tracer
	decls         map[*types.Func]*ast.FuncDecl
	lifted        map[*ast.FuncLit]*types.Func // literals bound to a variable, and their stand-ins (see lifted.go)
	liftedFuncs   map[*types.Func]bool

	funcValues funcValues // func-typed variables and fields: the functions assigned (nil: something else)
	// callees are the functions each function of the walked files calls
	// by name (see staticCallees), for the fate's summaries.
	callees     map[*types.Func][]*types.Func
	scopeByBody scopesByBody
	// retriedWrites are the writes inside each retry scope, by the call
	// that runs the scope (see fateQueries.RetriesWithRead).
	retriedWrites map[*ast.CallExpr][]*Write
	// rereadCalls are the calls of the package's helpers that read an
	// object again by the one they are given and write the fresh copy
	// (see retryhelpers.go), with the object given.
	rereadCalls map[*ast.CallExpr]upstream.Object

	returnerCursor map[*ast.CallExpr]inspector.Cursor
	// silent are the silent writers (see silent.go), with the parameters
	// each writes; silentCalls the calls of them.
	silent       map[*types.Func][]int
	silentGuards silentGuards
	silentFields map[*types.Func][]string // writers of their receiver's fields
	silentCalls  []*SilentCall

	grading Grading
}

// Grading returns the grading of the package's findings.
func (r *Result) Grading() *Grading { return &r.grading }

// Relevant is false for packages that never use the Kubernetes client
// APIs (see modeledFiles); everything else is then empty. Only the files
// that use them, or call into those that do, are modeled.
func (r *Result) Relevant() bool { return r.relevant }

// Covered reports whether the package is a test variant whose own
// package the same run analyzes, and which nothing imports (see
// upstream.Options.CoveredVariant): a check that reports nothing in test files
// has nothing to do in it. Its model holds only what its test files need,
// or nothing.
func (r *Result) Covered() bool { return r.covered }

// FactsUnread reports whether no unit of the run reads the package's
// facts (a covered variant, or one nothing imports), so that the
// analyzers that export facts need not compute them.
func (r *Result) FactsUnread() bool { return r.unread }

// BodiesChecked reports whether the type checker went into the function
// bodies of the package's files (typeinfo.BodiesChecked), asked once for
// the model and the checks that run after it.
func (r *Result) BodiesChecked(pass *analysis.Pass) bool {
	r.bodiesOnce.Do(func() { r.bodies = typeinfo.BodiesChecked(pass.TypesInfo, pass.Files) })
	return r.bodies
}

// Files are the package's modeled files, in their original order (nil
// once released).
func (r *Result) Files() []*ast.File { return r.files }

// Functions is the number of function bodies (declarations and literals)
// in the modeled files.
func (r *Result) Functions() int { return r.functions }

// Writes are the package's conflict-prone writes, in source order.
func (r *Result) Writes() []*Write { return r.writes }

// Reads are the reads that refresh an object, in source order.
func (r *Result) Reads() []*Read { return r.reads }

// Scopes are the retry scopes.
func (r *Result) Scopes() []*RetryScope { return r.scopes }

// ConflictChecks are the calls that test an error for Conflict.
func (r *Result) ConflictChecks() []*ast.CallExpr { return r.conflictChecks }

// RetryHelpers maps functions that run their func parameter inside a
// conflict retry to that parameter's index: this package's, those known
// from facts, and configured ones.
func (r *Result) RetryHelpers() map[*types.Func]int { return r.retryHelpers }

// Returners are the functions that return a write's Conflict error (this
// package's, with the write; other packages' from facts).
func (r *Result) Returners() map[*types.Func]Returner { return r.returners }

// ReturnerCalls are the calls of Returners that are not writes themselves.
func (r *Result) ReturnerCalls() []*ReturnerCall { return r.returnerCalls }

// Tracer follows errors in this package; its control-flow graphs are
// shared by the analyzers.
func (r *Result) Tracer() *fate.Tracer { return r.tracer }

// Decls maps the functions and methods declared in this package to their
// declarations.
func (r *Result) Decls() map[*types.Func]*ast.FuncDecl { return r.decls }

// CursorOf returns the cursor of a returner call.
func (r *Result) CursorOf(rc *ReturnerCall) inspector.Cursor { return r.returnerCursor[rc.Call] }

// SilentCalls returns the calls of helpers that write an object they are
// handed and lose the write's failure (see silent.go).
func (r *Result) SilentCalls() []*SilentCall { return r.silentCalls }

// WriteAt returns the write made by call, or nil.
func (r *Result) WriteAt(call *ast.CallExpr) *Write { return r.writeAt(call) }

// ReadAt returns the read made by n (a call or an assignment), or nil.
func (r *Result) ReadAt(n ast.Node) *Read { return r.readByNode[n] }

func newResult() *Result {
	return &Result{packageModel: &packageModel{
		writesAndReads: writesAndReads{refreshers: make(map[*types.Func]ReadsFact)},
		retryHelpers:   make(map[*types.Func]int),
		returners:      make(map[*types.Func]Returner),
		returnerCursor: make(map[*ast.CallExpr]inspector.Cursor),
	}}
}

// ScopeOf returns the innermost retry scope that encloses the node at c, or
// nil.
func (r *Result) ScopeOf(c inspector.Cursor) *RetryScope {
	for enc := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if s := r.scopeByBody[enc.Node()]; s != nil {
			return s
		}
	}
	return nil
}

// ReadsOf returns the reads of obj inside the function body fn, in source
// order, including those in nested function literals.
func (r *Result) ReadsOf(obj upstream.Object, fn ast.Node) []*Read {
	var out []*Read
	for _, rd := range r.reads {
		if rd.Object.Same(obj) && fn.Pos() <= rd.Node.Pos() && rd.Node.End() <= fn.End() {
			out = append(out, rd)
		}
	}
	return out
}

// onlyFuncValue returns the function assigned to v when the package
// assigns it exactly one (r.promoteFn = r.promote), or nil.
func (r *Result) onlyFuncValue(v *types.Var) *types.Func { return r.funcValues.only(v) }

// Cache returns the informer-cache view of the package, or nil when the
// package never touches a lister, an indexer, a store, an informer's event
// handlers or client.UnsafeDisableDeepCopy: then there is nothing to check.
// The model finds that out in the pass over the package's identifiers it
// makes anyway (see scanUses).
func (r *Result) Cache(pass *analysis.Pass) *cache.Cache {
	if len(pass.Files) == 0 || !r.touchesCache {
		return nil
	}
	return cache.Find(pass)
}
